import { z } from 'zod'
import { defineBlock } from '#engine'
import { headerVariablesSchema } from '#schemas/cms.ts'

export const headerClassicPropsSchema = z.object({
  header: headerVariablesSchema,
  siteName: z.string().describe('Site name, the logo text when there is no logo image'),
  signedIn: z.boolean().describe('Signed-in visitor'),
  pathname: z.string().describe('Current path'),
  officeLoginUrl: z.string().optional().describe('External office login address'),
})
export type HeaderClassicProps = z.output<typeof headerClassicPropsSchema>

export const headerClassic = defineBlock({
  name: 'header-classic',
  title: 'Classic header',
  description: 'Top bar with phone and hours, logo on the left, menu and join-now button on the right.',
  schema: headerClassicPropsSchema,
  select: (context) => ({
    header: context.content.header.variables,
    siteName: context.content.base.variables.global_title,
    signedIn: context.session.isAuthenticated,
    pathname: context.pathname,
    officeLoginUrl: context.config.officeLoginUrl,
  }),
  load: () => import('./header-classic.tsx'),
})
