import type { Queryable } from '../../platform/db/database.ts'
import { planCatalog } from '../plans/index.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'
import { officeOffers } from './office-store.ts'

/**
 * The rules a membership's plans follow at its office, the same for a member on the dashboard and
 * for a visitor in the checkout (the plans' own: server/features/plans/plan-rules.ts).
 */

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
  const plan = await planCatalog.plan(db, groupKey, planId)
  if (!plan || (officeId !== null && !(await officeOffers(db, officeId, planId)))) {
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
    if (person.planId === null || (await officeOffers(db, office.id, person.planId))) continue
    const planName = (await planCatalog.plan(db, groupKey, person.planId))?.name ?? 'chosen'
    throw new Conflict(
      `${office.name} does not offer the ${planName} plan ${person.firstName} is on. Change ${person.firstName}’s plan first.`,
    )
  }
}
