import { z } from '#schemas/engine/zod.ts'
import { linkSchema, localized } from '#schemas/fields.ts'

export const sectionHeroPropsSchema = z.object({
  eyebrow: z.optional(localized(z.string().check(z.maxLength(60)))).check(z.describe('Small line above the headline')),
  headline: localized(
    z.string().check(z.regex(/\S/, 'Headline is required'), z.maxLength(120), z.describe('Headline')),
  ),
  text: z
    .optional(localized(z.string().check(z.maxLength(2000))))
    .check(z.meta({ contentMediaType: 'text/html', description: 'Text (rich text)' })),
  ctaText: z.optional(localized(z.string().check(z.maxLength(40)))).check(z.describe('Button text')),
  ctaUrl: z.optional(linkSchema).check(z.describe('Button link')),
  tone: z._default(z.enum(['brand', 'light']), 'brand').check(z.describe('Colours: brand background, or light')),
})
export type SectionHeroProps = z.output<typeof sectionHeroPropsSchema>
