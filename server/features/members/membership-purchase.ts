import type { z } from '#schemas/engine/zod.ts'
import { isCovered } from '#schemas/membership-states.ts'
import type { purchaseOrderSchema, Subscription } from '#schemas/api/members.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { catalog } from '../directory/index.ts'
import { Conflict, Invalid, notFound } from '../../platform/errors.ts'
import { members } from './members.ts'
import { checkCoupon, planCatalog, priceOf, requireValidCoupon } from '../plans/index.ts'
import { requireOfficeOffersTheirPlans } from '../directory/index.ts'

type Order = z.output<typeof purchaseOrderSchema>

const STATE_WORDS: Record<Subscription['status'], string> = {
  active: 'active',
  renewing: 'renewing',
  past_due: 'past due',
  ending: 'ending',
  cancelled: 'cancelled',
  expired: 'expired',
}

/** The account's latest membership, when it still covers (active, renewing, past due, ending). */
export async function coveringMembership(db: Queryable, groupKey: string, memberId: number) {
  const subscription = await members.subscription(db, groupKey, memberId)
  return subscription && isCovered(subscription.status) ? subscription : undefined
}

/**
 * What needs a membership that covers (adding family, renewing, switching plans) is refused
 * without one, with what to do instead: join, or join again, from the dashboard.
 */
export async function requireCoveringMembership(
  db: Queryable,
  groupKey: string,
  memberId: number,
  action: string,
): Promise<Subscription> {
  const subscription = await members.subscription(db, groupKey, memberId)
  if (!subscription)
    throw new Conflict(`You have no membership yet, so you cannot ${action}. Join from your dashboard first.`)
  if (!isCovered(subscription.status))
    throw new Conflict(
      `Your membership has ${subscription.status === 'cancelled' ? 'been cancelled' : 'expired'}, so you cannot ${action}. Join again from your dashboard first.`,
    )
  return subscription
}

/** A second membership is refused while the latest one still covers: it is changed, not bought again. */
export async function requireNoCoveringMembership(db: Queryable, groupKey: string, memberId: number): Promise<void> {
  const current = await coveringMembership(db, groupKey, memberId)
  if (current)
    throw new Conflict(
      `Your membership is ${STATE_WORDS[current.status]}, so you cannot buy another one. Manage it from your dashboard: renew it, switch plans or turn automatic renewal on.`,
    )
}

/**
 * What an order costs, checked as the purchase checks it: the office offers the plan and every
 * family member's own plan, the family fits the plan, the coupon applies. Family members added
 * with the order have no id yet: their lines carry `-1`, `-2`, … in their order.
 */
export async function priceOrder(db: Queryable, groupKey: string, memberId: number, order: Order, now: Date) {
  const plan = await planCatalog.plan(db, groupKey, order.planId)
  const office = await catalog.office(db, groupKey, order.officeId)
  if (!plan || !office) throw notFound(plan ? 'Office' : 'Plan')
  if (!(await catalog.offers(db, office.id, plan.id)))
    throw new Conflict(`${office.name} does not offer the ${plan.name} plan`)
  const existing = await members.dependents(db, groupKey, memberId)
  const added = order.newDependents.map((person, index) => ({
    ...person,
    id: -(index + 1),
    planId: person.planId ?? null,
  }))
  const family = [...existing, ...added]
  if (family.length > plan.maxDependents)
    throw new Conflict(
      `The ${plan.name} plan covers at most ${plan.maxDependents} family members; you have ${family.length}. Choose a plan for more, or add fewer.`,
    )
  await requireOfficeOffersTheirPlans(db, groupKey, office, existing)
  for (const [index, person] of order.newDependents.entries()) {
    if (person.planId === undefined || (await catalog.offers(db, office.id, person.planId))) continue
    throw new Invalid(`${office.name} does not offer the plan chosen for ${person.firstName}`, [
      { path: ['body', 'newDependents', index, 'planId'], message: 'Choose a plan the office offers' },
    ])
  }
  const coupon = order.couponCode
    ? await checkCoupon(db, groupKey, order.couponCode, plan.id, office.id, now)
    : undefined
  requireValidCoupon(coupon)
  const memberPlans = await planCatalog.memberPlans(db, groupKey, plan, family)
  return { plan, office, family, coupon, price: priceOf(memberPlans, order.billingCycle, coupon) }
}
