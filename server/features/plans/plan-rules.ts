import type { Plan } from '#schemas/api/directory.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'
import type { CouponCheck } from './membership-price.ts'

/**
 * The rules a membership's plans follow, the same for a member on the dashboard and for a
 * visitor in the checkout (what an office offers: server/features/directory/offer-rules.ts).
 */

/** One more dependent must fit the plan. */
export function requireRoomForDependent(plan: Plan | null | undefined, dependents: number): void {
  if (plan && dependents >= plan.maxDependents)
    throw new Conflict(`The ${plan.name} plan covers at most ${plan.maxDependents} dependents.`)
}

/** A coupon that does not apply is refused at its field, with the check's own words. */
export function requireValidCoupon(coupon: CouponCheck | undefined): void {
  if (coupon && !coupon.valid)
    throw new Invalid(coupon.message, [{ path: ['body', 'couponCode'], message: coupon.message }])
}
