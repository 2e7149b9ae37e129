import type { Plan } from '#schemas/api/directory.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { planById, type PlanRow } from './plan-store.ts'

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  monthlyPriceCents: row.monthly_price_cents,
  annualPriceCents: row.annual_price_cents,
  enrollmentFeeCents: row.enrollment_fee_cents,
  maxDependents: row.max_dependents,
  feeSchedule: row.fee_schedule,
})

/** A member of a membership and the plan they are on (memberId null: the primary member). */
export interface MemberPlan {
  memberId: number | null
  plan: Plan
}

/**
 * `planCatalog.memberPlans` from rows read with the membership (members.subscription): each dependent
 * on their own plan, or on the primary plan without one (or when theirs is not the tenant's).
 */
export function familyPlans(
  primary: PlanRow,
  dependents: readonly { id: number; plan: PlanRow | null }[],
): [MemberPlan, ...MemberPlan[]] {
  const plan = toPlan(primary)
  return [
    { memberId: null, plan },
    ...dependents.map((dependent) => ({
      memberId: dependent.id,
      plan: dependent.plan ? toPlan(dependent.plan) : plan,
    })),
  ]
}

/** The plans of one tenant (every query is scoped to the tenant). */
export const planCatalog = {
  async plan(db: Queryable, groupKey: string, id: number): Promise<Plan | undefined> {
    const row = await planById(db, groupKey, id)
    return row && toPlan(row)
  },
  /**
   * The plan of each member of a membership: the primary member on `primary`, each dependent on
   * their own plan or, without one, on `primary`.
   */
  async memberPlans(
    db: Queryable,
    groupKey: string,
    primary: Plan,
    dependents: readonly { id: number; planId: number | null }[],
  ): Promise<[MemberPlan, ...MemberPlan[]]> {
    const others = await Promise.all(
      dependents.map(async (dependent) => ({
        memberId: dependent.id,
        plan:
          (dependent.planId !== null && dependent.planId !== primary.id
            ? await planCatalog.plan(db, groupKey, dependent.planId)
            : undefined) ?? primary,
      })),
    )
    return [{ memberId: null, plan: primary }, ...others]
  },
}
