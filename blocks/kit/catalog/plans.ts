import { apiQuery } from '#engine'
import type { CmsContent } from '#schemas/cms.ts'
import { catalogApi } from '#schemas/api/directory.routes.ts'

/** One plan with its prices and fee schedule, from the plan API (prices are never typed into content). */
export const planQuery = (id: number) => apiQuery(catalogApi.plan, { params: { id } })

/** The plans the site offers: its content's `plans_whitelist`, in that order. */
export const offeredPlanIds = (content: CmsContent): number[] =>
  content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id))
