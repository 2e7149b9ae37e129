import { z } from '#schemas/engine/zod.ts'
import { fixed, localized } from '#schemas/fields.ts'

export const sectionContactPropsSchema = z.object({
  title: z
    ._default(localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(120))), 'Contact us')
    .check(z.describe('Title')),
  text: z.optional(localized(z.string().check(z.maxLength(600)))).check(z.describe('Text under the title')),
  address: z
    .optional(localized(z.string().check(z.maxLength(300))))
    .check(z.describe('Postal address (one line per line)')),
  // A pattern, not zod's email format: the editor's JSON Schema validator has no formats.
  email: z
    .optional(fixed(z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address'))))
    .check(z.describe('Email address')),
  show_phone: z
    ._default(z.boolean(), true)
    .check(z.describe('Show the phone number and hours from the header settings')),
})
export type SectionContactProps = z.output<typeof sectionContactPropsSchema>
