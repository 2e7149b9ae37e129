/** The plans feature's door: what other features use of it (a lint zone refuses any other way in). */
export { familyPlans, planCatalog, toPlan } from './plan-catalog.ts'
export type { MemberPlan } from './plan-catalog.ts'
export { checkCoupon, dollars, priceOf } from './membership-price.ts'
export type { CouponCheck } from './membership-price.ts'
export { planAtSql, planRow } from './plan-store.ts'
export { requireRoomForDependent, requireValidCoupon } from './plan-rules.ts'
