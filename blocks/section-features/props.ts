import { z } from '#schemas/engine/zod.ts'
import { fixed, localized } from '#schemas/fields.ts'

export const sectionFeaturesPropsSchema = z.object({
  title: localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(120), z.describe('Title'))),
  items: z
    .array(
      z.object({
        icon: z
          .optional(fixed(z.string().check(z.maxLength(40))))
          .check(z.describe('Icon name (check, heart, map-pin, …)')),
        title: localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(80), z.describe('Title'))),
        text: localized(z.string().check(z.maxLength(400), z.describe('Text'))),
      }),
    )
    .check(z.minLength(1, 'Add at least one item'), z.maxLength(6, 'At most six items'), z.describe('Items')),
})
export type SectionFeaturesProps = z.output<typeof sectionFeaturesPropsSchema>
