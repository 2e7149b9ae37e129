/** The plans feature's door: what other features use of it (a lint zone refuses any other way in). */
export { planAtSql } from './plan-prices.ts'
export {
  requireOfferedPlan,
  requireOfficeOffersTheirPlans,
  requireRoomForDependent,
  requireValidCoupon,
} from './plan-rules.ts'
