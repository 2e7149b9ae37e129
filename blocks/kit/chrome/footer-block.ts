import { defineBlock, type BlockContext, type BlockOptions } from '#engine'
import type { FooterProps, FooterPropsInput } from './footer-props.ts'

export const selectFooterProps = (context: BlockContext): FooterPropsInput => ({
  footer: context.content.footer.variables,
  siteName: context.content.base.variables.global_title,
  companyName: context.config.companyName,
  year: new Date().getFullYear(),
  siteSlug: context.config.siteSlug,
  languageAssistance: context.content.base.variables.language_assistance,
  phone: context.content.header.variables.header_phone_number,
  // As the page's frame decides to ask (engine/site-shell.tsx): the link opens the same choices.
  privacyChoices:
    context.config.monitoring?.trackingConsent === 'not-granted' &&
    !context.content.base.variables.disable_performance_tracking,
})

/** Declares a footer variant: every variant reads the same props. */
export const defineFooterBlock = (options: {
  name: string
  title: string
  description: string
  load: BlockOptions<FooterProps, unknown>['load']
}) =>
  defineBlock({
    ...options,
    // The schema (and zod) load when the browser checks a footer's props itself (after a navigation).
    schema: () => import('./footer-props.ts').then((module) => module.footerPropsSchema),
    select: selectFooterProps,
  })
