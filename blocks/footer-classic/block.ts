import { z } from 'zod'
import { defineBlock } from '#engine'
import { footerVariablesSchema } from '#schemas/cms.ts'

export const footerClassicPropsSchema = z.object({
  footer: footerVariablesSchema,
  siteName: z.string().describe('Site name, the logo text when there is no logo image'),
  companyName: z.string().describe('Company name on the copyright line'),
  year: z.number().int().describe('Year on the copyright line'),
})
export type FooterClassicProps = z.output<typeof footerClassicPropsSchema>

export const footerClassic = defineBlock({
  name: 'footer-classic',
  title: 'Classic footer',
  description: 'Logo and sponsor on the left, links on the right, compliance text and copyright below.',
  schema: footerClassicPropsSchema,
  select: (context) => ({
    footer: context.content.footer.variables,
    siteName: context.content.base.variables.global_title,
    companyName: context.config.companyName,
    year: new Date().getFullYear(),
  }),
  load: () => import('./footer-classic.tsx'),
})
