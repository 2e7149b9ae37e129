import type { Plan } from '#schemas/api/directory.ts'

/** What a household's year costs at usual fees and at member fees, and the membership's price. */
export interface YearlySaving {
  usualCents: number
  memberCents: number
  membershipCents: number
  /** Usual minus member fees, minus the membership (negative: the plan costs more than it saves). */
  netCents: number
}

/**
 * The yearly saving of a household on a plan: each procedure's count times the difference of its
 * fees, less a year of membership for every person (the annual price) and the enrollment fee.
 * Exact cents, no rounding, no "as low as".
 */
export function yearlySaving(plan: Plan, people: number, counts: Readonly<Record<string, number>>): YearlySaving {
  let usualCents = 0
  let memberCents = 0
  for (const fee of plan.feeSchedule) {
    const count = counts[fee.code] ?? 0
    usualCents += count * fee.usualFeeCents
    memberCents += count * fee.memberFeeCents
  }
  const membershipCents = plan.annualPriceCents * people + plan.enrollmentFeeCents
  return { usualCents, memberCents, membershipCents, netCents: usualCents - memberCents - membershipCents }
}

/** Whether a plan covers a household of this size (the member and their dependents). */
export const covers = (plan: Plan, people: number) => people - 1 <= plan.maxDependents
