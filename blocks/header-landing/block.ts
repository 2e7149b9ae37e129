import { defineBlock } from '#engine'
import { isHomePage } from '../kit/chrome/header-block.ts'
import { languageLinks } from '../kit/chrome/language-links.ts'
import * as component from './header-landing.tsx'

export const headerLanding = defineBlock({
  name: 'header-landing',
  title: 'Landing header',
  description: 'Only the logo and one call-to-action button, for campaign landing pages.',
  schema: () => import('./props.ts').then((module) => module.headerLandingPropsSchema),
  select: (context) => ({
    landing: context.content.landing_header.variables,
    siteName: context.content.base.variables.global_title,
    fallbackLogo: context.content.header.variables.header_log,
    fixOnScroll: isHomePage(context),
    languages: languageLinks(context),
  }),
  load: () => component,
})
