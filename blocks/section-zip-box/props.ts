import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { settingText } from '../kit/settings.ts'

export const sectionZipBoxPropsSchema = z.object({
  heading: localized(z.string().check(z.regex(/\S/, 'Heading is required'), z.maxLength(120), z.describe('Heading'))),
  label: z
    ._default(localized(z.string().check(z.regex(/\S/, 'Label is required'), z.maxLength(60))), 'ZIP code')
    .check(z.describe('Label of the ZIP code field')),
  button_text: z
    ._default(localized(z.string().check(z.regex(/\S/, 'Button text is required'), z.maxLength(40))), 'Find a dentist')
    .check(z.describe('Button text')),
  helper: z.optional(localized(z.string().check(z.maxLength(300)))).check(z.describe('Text under the heading')),
  zip_hint: settingText('Five digits, such as 90210', 'Help under the ZIP code field'),
  radius_option: settingText('Within {miles} miles', 'Each distance choice ({miles})'),
})
export type SectionZipBoxProps = z.output<typeof sectionZipBoxPropsSchema>
