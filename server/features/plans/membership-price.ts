import type { Plan } from '#schemas/api/directory.ts'
import type { Queryable } from '../../platform/db/database.ts'
import type { MemberPlan } from './plan-catalog.ts'
import { couponByCode } from './plan-store.ts'

export type CouponCheck =
  | { valid: true; message: string; coupon: { code: string; kind: 'percent' | 'fixed'; amount: number } }
  | { valid: false; message: string }

/** An amount as a receipt and a coupon say it: `$12.50`. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** Checks a coupon for a plan at an office: valid, unknown, expired, or not for this plan or office, each with its message. */
export async function checkCoupon(
  db: Queryable,
  groupKey: string,
  code: string,
  planId: number,
  officeId: number,
  now: Date,
): Promise<CouponCheck> {
  const coupon = await couponByCode(db, groupKey, code.trim())
  if (!coupon) return { valid: false, message: 'This coupon code does not exist.' }
  if (coupon.expires_at && coupon.expires_at < now) {
    return { valid: false, message: `This coupon expired on ${coupon.expires_at.toISOString().slice(0, 10)}.` }
  }
  if (coupon.plan_id !== null && coupon.plan_id !== planId)
    return { valid: false, message: 'This coupon is not valid for the selected plan.' }
  if (coupon.office_id !== null && coupon.office_id !== officeId)
    return { valid: false, message: 'This coupon is not valid at the selected office.' }
  const off = coupon.kind === 'percent' ? `${coupon.amount}% off` : `${dollars(coupon.amount)} off`
  return {
    valid: true,
    message: `Coupon ${coupon.code} applied: ${off}.`,
    coupon: { code: coupon.code, kind: coupon.kind, amount: coupon.amount },
  }
}

const cyclePrice = (plan: Plan, billingCycle: 'monthly' | 'annual') =>
  billingCycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents

/**
 * The price of a membership, always computed here from the plans and the coupon (never taken
 * from the browser): each member's plan price (the primary member first), the primary plan's
 * enrollment fee once, less the coupon (a percentage, or a fixed amount up to the total).
 */
export function priceOf(
  members: readonly [MemberPlan, ...MemberPlan[]],
  billingCycle: 'monthly' | 'annual',
  coupon?: CouponCheck,
  includeEnrollment = true,
) {
  const lines = members.map(({ memberId, plan }) => ({
    memberId,
    planId: plan.id,
    planName: plan.name,
    amountCents: cyclePrice(plan, billingCycle),
  }))
  const membersCount = lines.length
  const perMemberCents = lines[0]!.amountCents
  const enrollmentFeeCents = includeEnrollment ? members[0].plan.enrollmentFeeCents : 0
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0) + enrollmentFeeCents
  const discountCents = coupon?.valid
    ? Math.min(
        subtotal,
        coupon.coupon.kind === 'percent' ? Math.round((subtotal * coupon.coupon.amount) / 100) : coupon.coupon.amount,
      )
    : 0
  return {
    membersCount,
    lines,
    perMemberCents,
    enrollmentFeeCents,
    discountCents,
    totalCents: subtotal - discountCents,
    ...(coupon ? { couponMessage: coupon.message } : {}),
  }
}
