import { staffPlansApi } from '#schemas/api/plans.ts'
import { planPrices } from './plan-prices.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/** Plans and their prices for administrators (issue 40; the rules: server/features/plans/plan-prices.ts). */
export const staffPlanRoutes = [
  endpoint(staffPlansApi.plans, ({ ctx }) => planPrices.list(ctx)),
  endpoint(staffPlansApi.schedulePrice, ({ params, body, ctx }) =>
    planPrices.schedule(ctx, actor(ctx), params.planId, body),
  ),
  endpoint(staffPlansApi.cancelPrice, ({ params, body, ctx }) =>
    planPrices.cancel(ctx, actor(ctx), params.planId, params.changeId, body.reason),
  ),
]
