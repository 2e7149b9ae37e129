import { defineBlock, type BlockContext, type BlockOptions } from '#engine'
import type { FooterProps, FooterPropsInput } from './footer-props.ts'

export const selectFooterProps = (context: BlockContext): FooterPropsInput => ({
  footer: context.content.footer.variables,
  siteName: context.content.base.variables.global_title,
  companyName: context.config.companyName,
  year: new Date().getFullYear(),
  siteSlug: context.config.siteSlug,
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
