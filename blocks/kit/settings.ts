import { z } from 'zod'

/**
 * A text of a page in content: required once set (not blank), with the default a new site
 * shows; its description is its label in the playground.
 */
export const settingText = (value: string, description: string) => z.string().trim().min(1, 'Required').max(600).default(value).describe(description)
