import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { publicConfigSchema } from '#schemas/runtime.ts'
import * as component from './page-dashboard.tsx'


export const pageDashboardPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with its settings schema (`settings.ts`). */
  settings: z.unknown(),
  companyName: z.string(),
  paymentFields: publicConfigSchema.shape.paymentFields,
  paths: z.object({ grievance: z.string(), findDentist: z.string() }),
})
export type PageDashboardProps = z.output<typeof pageDashboardPropsSchema>

/** The member dashboard: every area of the membership, each with its own data and its own errors. */
export const pageDashboard = defineBlock({
  name: 'page-dashboard',
  title: 'Member dashboard',
  description: 'Membership and auto-renewal, ID cards, balance and card, receipts, dependents, details and offices.',
  schema: pageDashboardPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.dashboardSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    companyName: context.config.companyName,
    paymentFields: context.config.paymentFields,
    paths: {
      grievance: context.pathTo('grievance-form'),
      findDentist: context.pathTo('find-a-dentist'),
    },
  }),
  load: () => component,
})
