import { defineBlock, type PageData } from '#engine'
import * as component from './page-savings.tsx'
import { offeredPlanIds, planQuery } from '../kit/catalog/plans.ts'

/** The plans the site offers (its content's `plans_whitelist`), each read from the plan API. */
const data: PageData = ({ content }) => offeredPlanIds(content).map(planQuery)

/** The savings summary: each plan's usual and member fees, and a yearly savings calculator. */
export const pageSavings = defineBlock({
  name: 'page-savings',
  title: 'Savings summary',
  description:
    'Usual and member fees of common procedures for each plan the site offers, and a calculator of the yearly saving.',
  schema: () => import('./props.ts').then((module) => module.pageSavingsPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.savingsSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    administrator: context.config.companyName,
    joinPath: context.pathTo('join-now'),
    planIds: context.content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id)),
  }),
  data,
  load: () => component,
})
