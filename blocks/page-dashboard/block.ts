import { defineBlock } from '#engine'
import * as component from './page-dashboard.tsx'
import { dashboardData } from './queries.ts'

const data = dashboardData

/** The member dashboard: every area of the membership, each with its own data and its own errors. */
export const pageDashboard = defineBlock({
  name: 'page-dashboard',
  title: 'Member dashboard',
  description: 'Membership and auto-renewal, ID cards, balance and card, receipts, dependents, details and offices.',
  schema: () => import('./props.ts').then((module) => module.pageDashboardPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.dashboardContentSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    companyName: context.config.companyName,
    paymentFields: context.config.paymentFields,
    paths: {
      grievance: context.pathTo('grievance-form'),
      grievances: context.pathTo('grievance-status'),
      findDentist: context.pathTo('find-a-dentist'),
    },
  }),
  data,
  load: () => component,
})
