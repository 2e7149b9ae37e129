import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { landingHeaderVariablesSchema } from '#schemas/cms.ts'
import { isHomePage } from '../kit/header-props.ts'
import * as component from './header-landing.tsx'

export const headerLandingPropsSchema = z.object({
  landing: landingHeaderVariablesSchema,
  siteName: z.string().check(z.describe('Site name, the logo text when there is no logo image')),
  fallbackLogo: z.optional(z.string()).check(z.describe('The site logo, when the landing header names none')),
  fixOnScroll: z.boolean().check(z.describe('Fix the header at the top after scrolling (home landing pages)')),
})
export type HeaderLandingProps = z.output<typeof headerLandingPropsSchema>

export const headerLanding = defineBlock({
  name: 'header-landing',
  title: 'Landing header',
  description: 'Only the logo and one call-to-action button, for campaign landing pages.',
  schema: headerLandingPropsSchema,
  select: (context) => ({
    landing: context.content.landing_header.variables,
    siteName: context.content.base.variables.global_title,
    fallbackLogo: context.content.header.variables.header_log,
    fixOnScroll: isHomePage(context),
  }),
  load: () => component,
})
