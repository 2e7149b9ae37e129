// The plans feature's contracts (server/features/plans): administrators' plans and their prices.
// The public side of plans (a plan, a coupon check) comes with the offices, in directory.ts.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { centsSchema, dateSchema, idText, PG_INT_MAX } from './common.ts'

/** A plan's price per member: by the month or by the year. */
export const PRICE_PERIODS = ['month', 'year'] as const
export type PricePeriod = (typeof PRICE_PERIODS)[number]

/** A price change as scheduled: from `previousCents` to `amountCents` on `effectiveOn` (the tenant's day). */
export const planPriceChangeSchema = z.object({
  id: z.number(),
  planId: z.number(),
  period: z.enum(PRICE_PERIODS),
  amountCents: centsSchema,
  previousCents: centsSchema,
  effectiveOn: z.string(),
  status: z.enum(['scheduled', 'applied', 'cancelled']),
  createdAt: z.string(),
  /** Who scheduled it (their email), when known. */
  createdBy: z.nullable(z.string()),
  /** The memberships on the plan and period whose renewals it changes (active, renewing on their own). */
  members: z.number(),
})
export type PlanPriceChange = z.output<typeof planPriceChangeSchema>

export const staffPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  monthlyCents: centsSchema,
  annualCents: centsSchema,
  changes: z.array(planPriceChangeSchema),
})
export type StaffPlan = z.output<typeof staffPlanSchema>

export const staffPlanListSchema = z.object({
  plans: z.array(staffPlanSchema),
  /** The first day a higher price may take effect: every member can be told it with the notice the policy promises. */
  earliestIncreaseOn: z.string(),
  /** The days of notice a higher price needs (the policy's longest lead). */
  noticeDays: z.number(),
})

const reason = z.string().check(z.trim(), z.minLength(1, 'Say why (it is kept in the audit trail)'), z.maxLength(1000))

/** A new price for a plan from a day on: sooner than the notice the members are promised is refused. */
export const planPriceBodySchema = z.object({
  period: z.enum(PRICE_PERIODS, { error: 'Choose month or year' }),
  amountCents: z
    .number()
    .check(z.int(), z.positive('Enter a price above $0.00'), z.maximum(PG_INT_MAX, 'That is more than any price')),
  effectiveOn: dateSchema.check(z.describe('The day the new price takes effect (YYYY-MM-DD)')),
  reason,
})
export const planPriceCancelSchema = z.object({ reason })

const PLANS = ['Staff: plans and prices']
const ADMIN = { staff: ['admin'] } as const
const planParams = z.object({ planId: idText })
const changeParams = z.object({ planId: idText, changeId: idText })

/** Plans and their prices (issue 40): administrators schedule a change with the notice members are promised. */
export const staffPlansApi = {
  plans: contract({
    method: 'get',
    path: '/api/v4/staff/plans',
    summary:
      'The tenant’s plans with their prices and every scheduled, applied or cancelled change; the first day a higher price may take effect',
    tags: PLANS,
    access: ADMIN,
    response: staffPlanListSchema,
  }),
  schedulePrice: contract({
    method: 'post',
    path: '/api/v4/staff/plans/:planId/price',
    summary:
      'Schedules a plan’s new price from a day on; a higher one is refused sooner than the notice members are promised (422, naming the first day allowed); renewals then charge it only after each member’s notice',
    tags: PLANS,
    access: ADMIN,
    status: 201,
    params: planParams,
    body: planPriceBodySchema,
    response: planPriceChangeSchema,
  }),
  cancelPrice: contract({
    method: 'post',
    path: '/api/v4/staff/plans/:planId/price/:changeId/cancel',
    summary: 'Cancels a scheduled price change before its day (409 once it has taken effect)',
    tags: PLANS,
    access: ADMIN,
    params: changeParams,
    body: planPriceCancelSchema,
    response: planPriceChangeSchema,
  }),
}
