import { z } from '#schemas/engine/zod.ts'

/**
 * A text of a page in content: required once set (not blank), with the default a new site
 * shows; its description is its label in the playground.
 */
export const settingText = (value: string, description: string) =>
  z
    ._default(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(600)), value)
    .check(z.describe(description))
