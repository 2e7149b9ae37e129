import { z } from '#schemas/zod.ts'
import { defineBlock, type BlockContext, type BlockOptions } from '#engine'
import { footerVariablesSchema } from '#schemas/cms.ts'

/** The props every footer variant reads. */
export const footerPropsSchema = z.object({
  footer: footerVariablesSchema,
  siteName: z.string().check(z.describe('Site name, the logo text when there is no logo image')),
  companyName: z.string().check(z.describe('Company name on the copyright line (public configuration)')),
  year: z.number().check(z.int(), z.describe('Year on the copyright line')),
  siteSlug: z.string().check(z.describe('Links containing it are reduced to their last path segment')),
})
export type FooterProps = z.output<typeof footerPropsSchema>

export const selectFooterProps = (context: BlockContext): z.input<typeof footerPropsSchema> => ({
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
}) => defineBlock({ ...options, schema: footerPropsSchema, select: selectFooterProps })
