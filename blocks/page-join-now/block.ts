import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-join-now.tsx'

export const pageJoinNowPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** From the address: the office, a plan to suggest, a ZIP to find offices near (checked by the page). */
  locationId: z.optional(z.string()),
  planId: z.optional(z.string()),
  zip: z.optional(z.string()),
  /** A checkout page sent the visitor here because their checkout expired. */
  expired: z.boolean(),
  /** The plans the site offers (content: plans_whitelist); empty: every plan of the office. */
  planIds: z.array(z.number().check(z.int(), z.positive())),
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
})
export type PageJoinNowProps = z.output<typeof pageJoinNowPropsSchema>

/** Join: the enrolling office (from the address or a ZIP search), its plans with prices and fees, and the start of the checkout. */
export const pageJoinNow = defineBlock({
  name: 'page-join-now',
  title: 'Join now',
  description: 'Choose the office (from an office page, find-a-dentist or a ZIP search) and one of its plans, monthly or yearly; picking a plan starts the checkout.',
  schema: pageJoinNowPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.joinNowSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    locationId: typeof context.query.location_id === 'string' ? context.query.location_id : undefined,
    planId: typeof context.query.plan_id === 'string' ? context.query.plan_id : undefined,
    zip: typeof context.query.zip === 'string' ? context.query.zip : undefined,
    expired: context.query.expired !== undefined,
    planIds: context.content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id)),
    administrator: context.config.companyName,
  }),
  load: () => component,
})
