import type { Plan } from '#schemas/api/catalog.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { catalog, type CouponCheck } from '../directory/index.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'

/**
 * The rules a membership's plans follow, the same for a member on the dashboard and for a
 * visitor in the checkout.
 */

/** One more dependent must fit the plan. */
export function requireRoomForDependent(plan: Plan | null | undefined, dependents: number): void {
  if (plan && dependents >= plan.maxDependents)
    throw new Conflict(`The ${plan.name} plan covers at most ${plan.maxDependents} dependents.`)
}

/**
 * A dependent's own plan must be one of ours and one the office offers (`officeId` null: no
 * office chosen yet, any of our plans). `office` names the office in the answer.
 */
export async function requireOfferedPlan(
  db: Queryable,
  groupKey: string,
  officeId: number | null,
  planId: number | undefined,
  office: 'your office' | 'the office',
): Promise<void> {
  if (planId === undefined) return
  const plan = await catalog.plan(db, groupKey, planId)
  if (!plan || (officeId !== null && !(await catalog.offers(db, officeId, planId)))) {
    const Office = office.charAt(0).toUpperCase() + office.slice(1)
    throw new Invalid(`${Office} does not offer this plan`, [
      { path: ['body', 'planId'], message: `Choose a plan ${office} offers` },
    ])
  }
}

/** Each dependent's own plan must be one the office offers (when the office is chosen after their plan). */
export async function requireOfficeOffersTheirPlans(
  db: Queryable,
  groupKey: string,
  office: { id: number; name: string },
  people: readonly { firstName: string; planId: number | null }[],
): Promise<void> {
  for (const person of people) {
    if (person.planId === null || (await catalog.offers(db, office.id, person.planId))) continue
    const planName = (await catalog.plan(db, groupKey, person.planId))?.name ?? 'chosen'
    throw new Conflict(
      `${office.name} does not offer the ${planName} plan ${person.firstName} is on. Change ${person.firstName}’s plan first.`,
    )
  }
}

/** A coupon that does not apply is refused at its field, with the check's own words. */
export function requireValidCoupon(coupon: CouponCheck | undefined): void {
  if (coupon && !coupon.valid)
    throw new Invalid(coupon.message, [{ path: ['body', 'couponCode'], message: coupon.message }])
}
