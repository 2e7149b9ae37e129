import { z } from '#schemas/engine/zod.ts'
import { linkSchema as link, localized } from '#schemas/fields.ts'

export const sectionCtaPropsSchema = z.object({
  headline: localized(
    z.string().check(z.regex(/\S/, 'Headline is required'), z.maxLength(120), z.describe('Headline')),
  ),
  text: z.optional(localized(z.string().check(z.maxLength(600)))).check(z.describe('Text')),
  button_text: localized(
    z.string().check(z.regex(/\S/, 'Button text is required'), z.maxLength(40), z.describe('Button text')),
  ),
  button_url: link.check(z.describe('Button link')),
  secondary_text: z.optional(localized(z.string().check(z.maxLength(60)))).check(z.describe('Second link text')),
  secondary_url: z.optional(link).check(z.describe('Second link')),
})
export type SectionCtaProps = z.output<typeof sectionCtaPropsSchema>
