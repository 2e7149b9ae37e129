import type { AppFeature } from '../app-feature.ts'
import { staffPlanRoutes } from './staff-plan-routes.ts'
import { planPrices } from './plan-prices.ts'

/** Plans and their prices: scheduled price changes, written on their day. */
export const plansFeature: AppFeature = {
  name: 'plans',
  routes: staffPlanRoutes,
  // A price change whose day has come is written before the renewals due are found, so they charge it.
  beforeSweep: async (deps, asOf) => {
    await planPrices.applyDue(deps.db, asOf)
  },
}
