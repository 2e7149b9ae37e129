import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-savings.tsx'

export const pageSavingsPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  joinPath: z.string(),
  planIds: z.array(z.number().check(z.int(), z.positive())).check(z.describe('The plans the site offers (content: plans_whitelist)')),
})
export type PageSavingsProps = z.output<typeof pageSavingsPropsSchema>

/** The savings summary: each plan's usual and member fees, and a yearly savings calculator. */
export const pageSavings = defineBlock({
  name: 'page-savings',
  title: 'Savings summary',
  description: 'Usual and member fees of common procedures for each plan the site offers, and a calculator of the yearly saving.',
  schema: pageSavingsPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.savingsSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    administrator: context.config.companyName,
    joinPath: context.pathTo('join-now'),
    planIds: context.content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id)),
  }),
  load: () => component,
})
