import { z } from '#schemas/engine/zod.ts'
import { footerVariablesSchema, languageAssistanceSchema } from '#schemas/cms.ts'

/** The props every footer variant reads. */
export const footerPropsSchema = z.object({
  footer: footerVariablesSchema,
  siteName: z.string().check(z.describe('Site name, the logo text when there is no logo image')),
  companyName: z.string().check(z.describe('Company name on the copyright line (public configuration)')),
  year: z.number().check(z.int(), z.describe('Year on the copyright line')),
  siteSlug: z.string().check(z.describe('Links containing it are reduced to their last path segment')),
  languageAssistance: z
    .optional(languageAssistanceSchema)
    .check(z.describe('Language assistance: the notice and its taglines (plans selling in California)')),
  phone: z.optional(z.string()).check(z.describe('The plan’s phone number, in the language assistance')),
  privacyChoices: z
    ._default(z.boolean(), false)
    .check(z.describe('Offer the privacy choices link (visitors are asked to allow performance tracking)')),
})
export type FooterProps = z.output<typeof footerPropsSchema>
export type FooterPropsInput = z.input<typeof footerPropsSchema>
