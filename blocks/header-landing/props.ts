import { z } from '#schemas/engine/zod.ts'
import { landingHeaderVariablesSchema } from '#schemas/cms.ts'
import { languageLinksSchema } from '../kit/chrome/header-props.ts'

export const headerLandingPropsSchema = z.object({
  landing: landingHeaderVariablesSchema,
  siteName: z.string().check(z.describe('Site name, the logo text when there is no logo image')),
  fallbackLogo: z.optional(z.string()).check(z.describe('The site logo, when the landing header names none')),
  fixOnScroll: z.boolean().check(z.describe('Fix the header at the top after scrolling (home landing pages)')),
  languages: languageLinksSchema,
})
export type HeaderLandingProps = z.output<typeof headerLandingPropsSchema>
