import type { z } from '#schemas/engine/zod.ts'
import type { PlanPriceChange, PricePeriod, planPriceBodySchema } from '#schemas/api/plans.ts'
import type { MembershipPolicy } from '#schemas/membership-policy.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { addDays, dayIn, startOfDay } from '#schemas/zoned-days.ts'
import type { Database, Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { Conflict, Invalid, notFound } from '../../platform/errors.ts'
import {
  applyDuePriceChanges,
  cancelPriceChange,
  currentPlanPrices,
  insertPriceChange,
  lockedPlanPrice,
  lockedPriceChange,
  pendingChange,
  priceChangeById,
  priceChanges,
  type ChangeRow,
} from './plan-store.ts'

/**
 * A plan's prices over time (issue 40). An administrator schedules a change from a day on, at the
 * start of that day in the tenant's zone; a higher price no sooner than every member can be told it
 * with the notice the policy promises (the longest of its leads), a lower one from tomorrow. Until
 * the day, the price of a renewal on or after it already is the new one (the notices quote it); on
 * the day the jobs' sweep writes it into the plan. What each member is charged is still capped by
 * what they were told (server/features/members/membership-lifecycle.ts).
 */

const CYCLE: Record<PricePeriod, 'monthly' | 'annual'> = { month: 'monthly', year: 'annual' }

const toChange = (row: ChangeRow): PlanPriceChange => ({
  id: row.id,
  planId: row.plan_id,
  period: row.period,
  amountCents: row.amount_cents,
  previousCents: row.previous_cents,
  effectiveOn: typeof row.effective_on === 'string' ? row.effective_on.slice(0, 10) : dayIn(row.effective_on, 'UTC'),
  status: row.cancelled_at ? 'cancelled' : row.applied_at ? 'applied' : 'scheduled',
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  members: row.members,
})

/** The days of notice a higher price needs: the longest lead of the policy (the annual notice, or a price's). */
export const increaseNoticeDays = (policy: MembershipPolicy) =>
  Math.max(policy.priceNoticeDays, policy.annualNoticeDays)

/** The first day a higher price may take effect, counted from today in the tenant's zone. */
export const earliestIncreaseOn = (policy: MembershipPolicy, now: Date) =>
  addDays(dayIn(now, policy.timeZone), increaseNoticeDays(policy))

interface StaffActor {
  id: number
  address?: string | undefined
}

interface PriceDeps {
  db: Database
  tenant: Pick<Tenant, 'groupKey' | 'policy'>
  now: () => Date
}

export const planPrices = {
  async list(deps: PriceDeps) {
    const { groupKey, policy } = deps.tenant
    const plans = await currentPlanPrices(deps.db, groupKey)
    const changes = (await priceChanges(deps.db, groupKey)).map(toChange)
    return {
      plans: plans.map((plan) => ({
        id: plan.id,
        name: plan.name,
        monthlyCents: plan.monthly_price_cents,
        annualCents: plan.annual_price_cents,
        changes: changes.filter((change) => change.planId === plan.id),
      })),
      earliestIncreaseOn: earliestIncreaseOn(policy, deps.now()),
      noticeDays: increaseNoticeDays(policy),
    }
  },

  /** Schedules a change (one entry of the audit trail); refused where members could not be told it in time. */
  async schedule(
    deps: PriceDeps,
    actor: StaffActor,
    planId: number,
    body: z.output<typeof planPriceBodySchema>,
  ): Promise<PlanPriceChange> {
    const { groupKey, policy } = deps.tenant
    const now = deps.now()
    return deps.db.transaction(async (tx) => {
      const plan = await lockedPlanPrice(tx, groupKey, planId, body.period)
      if (!plan) throw notFound('Plan')
      const pending = await pendingChange(tx, groupKey, planId, body.period)
      if (pending)
        throw new Conflict(
          `A change of this plan’s ${body.period === 'month' ? 'monthly' : 'yearly'} price is already scheduled for ${pending.effective_on}: cancel it first.`,
        )
      const invalid = (message: string) =>
        new Invalid(`Validation error: ${message}`, [{ path: ['body', 'effectiveOn'], message }])
      if (body.amountCents === plan.price) throw invalid('That is the price already; choose another price.')
      const today = dayIn(now, policy.timeZone)
      if (body.effectiveOn <= today) throw invalid(`Choose a day after today (${today}).`)
      const earliest = earliestIncreaseOn(policy, now)
      if (body.amountCents > plan.price && body.effectiveOn < earliest)
        throw invalid(
          `A higher price needs ${increaseNoticeDays(policy)} days’ notice to every member: choose ${earliest} or later.`,
        )
      const id = await insertPriceChange(tx, {
        groupKey,
        planId,
        period: body.period,
        amountCents: body.amountCents,
        previousCents: plan.price,
        effectiveOn: body.effectiveOn,
        effectiveAt: startOfDay(body.effectiveOn, policy.timeZone),
        createdAt: now,
        createdBy: actor.id,
      })
      await audit.record(tx, {
        groupKey,
        actorId: actor.id,
        action: 'plan.price_scheduled',
        subject: `plan:${planId}`,
        reason: body.reason,
        before: { [CYCLE[body.period]]: plan.price },
        after: { [CYCLE[body.period]]: body.amountCents, effectiveOn: body.effectiveOn },
        address: actor.address,
      })
      return toChange(await priceChangeById(tx, id))
    })
  },

  /** Cancels a change before its day (one entry of the audit trail). */
  async cancel(deps: PriceDeps, actor: StaffActor, planId: number, changeId: number, reason: string) {
    const { groupKey } = deps.tenant
    return deps.db.transaction(async (tx) => {
      const change = await lockedPriceChange(tx, groupKey, planId, changeId)
      if (!change) throw notFound('Price change')
      if (change.applied_at) throw new Conflict('This price has taken effect already: schedule another change instead.')
      if (change.cancelled_at) return toChange(change)
      await cancelPriceChange(tx, changeId, deps.now())
      await audit.record(tx, {
        groupKey,
        actorId: actor.id,
        action: 'plan.price_cancelled',
        subject: `plan:${planId}`,
        reason,
        before: { [CYCLE[change.period]]: change.amount_cents, effectiveOn: toChange(change).effectiveOn },
        address: actor.address,
      })
      return toChange(await priceChangeById(tx, changeId))
    })
  },

  /** Writes the changes whose day has come into their plans (the jobs' sweep, every minute); answers how many. */
  applyDue(db: Queryable, now: Date): Promise<number> {
    return applyDuePriceChanges(db, now)
  },
}
