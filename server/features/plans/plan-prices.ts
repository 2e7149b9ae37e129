import { z } from '#schemas/engine/zod.ts'
import type { PlanPriceChange, PricePeriod, planPriceBodySchema } from '#schemas/api/staff-plans.ts'
import type { MembershipPolicy } from '#schemas/membership-policy.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { addDays, dayIn, startOfDay } from '#schemas/zoned-days.ts'
import { many, maybeOne, one, type Database, type Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { Conflict, Invalid, notFound } from '../../platform/errors.ts'

/**
 * A plan's prices over time (issue 40). An administrator schedules a change from a day on, at the
 * start of that day in the tenant's zone; a higher price no sooner than every member can be told it
 * with the notice the policy promises (the longest of its leads), a lower one from tomorrow. Until
 * the day, the price of a renewal on or after it already is the new one (the notices quote it); on
 * the day the jobs' sweep writes it into the plan. What each member is charged is still capped by
 * what they were told (server/features/members/membership-lifecycle.ts).
 */

const COLUMN: Record<PricePeriod, 'monthly_price_cents' | 'annual_price_cents'> = {
  month: 'monthly_price_cents',
  year: 'annual_price_cents',
}
const CYCLE: Record<PricePeriod, 'monthly' | 'annual'> = { month: 'monthly', year: 'annual' }

const changeRow = z.object({
  id: z.number(),
  plan_id: z.number(),
  period: z.enum(['month', 'year']),
  amount_cents: z.number(),
  previous_cents: z.number(),
  effective_on: z.union([z.string(), z.date()]),
  applied_at: z.nullable(z.coerce.date()),
  cancelled_at: z.nullable(z.coerce.date()),
  created_at: z.coerce.date(),
  created_by: z.nullable(z.string()),
  members: z.coerce.number(),
})
const CHANGE_SELECT = `SELECT c.id, c.plan_id, c.period, c.amount_cents, c.previous_cents, c.effective_on::text AS effective_on,
       c.applied_at, c.cancelled_at, c.created_at, u.email AS created_by,
       (SELECT count(*) FROM subscriptions s WHERE s.group_key = c.group_key AND s.plan_id = c.plan_id AND s.auto_renew
           AND s.status IN ('active', 'renewing', 'past_due')
           AND s.billing_cycle = CASE c.period WHEN 'month' THEN 'monthly' ELSE 'annual' END) AS members
  FROM plan_price_changes c LEFT JOIN users u ON u.id = c.created_by`

const toChange = (row: z.infer<typeof changeRow>): PlanPriceChange => ({
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
    const plans = await many(
      deps.db,
      z.object({ id: z.number(), name: z.string(), monthly_price_cents: z.number(), annual_price_cents: z.number() }),
      'SELECT id, name, monthly_price_cents, annual_price_cents FROM plans WHERE group_key = $1 ORDER BY id',
      [groupKey],
    )
    const changes = (
      await many(
        deps.db,
        changeRow,
        `${CHANGE_SELECT} WHERE c.group_key = $1 ORDER BY c.effective_on DESC, c.id DESC`,
        [groupKey],
      )
    ).map(toChange)
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
      const plan = await maybeOne(
        tx,
        z.object({ price: z.number() }),
        `SELECT ${COLUMN[body.period]} AS price FROM plans WHERE group_key = $1 AND id = $2 FOR UPDATE`,
        [groupKey, planId],
      )
      if (!plan) throw notFound('Plan')
      const pending = await maybeOne(
        tx,
        z.object({ effective_on: z.string() }),
        'SELECT effective_on::text AS effective_on FROM plan_price_changes WHERE group_key = $1 AND plan_id = $2 AND period = $3 AND applied_at IS NULL AND cancelled_at IS NULL',
        [groupKey, planId, body.period],
      )
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
      const { id } = await one(
        tx,
        z.object({ id: z.number() }),
        `INSERT INTO plan_price_changes (group_key, plan_id, period, amount_cents, previous_cents, effective_on, effective_at, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          groupKey,
          planId,
          body.period,
          body.amountCents,
          plan.price,
          body.effectiveOn,
          startOfDay(body.effectiveOn, policy.timeZone),
          now,
          actor.id,
        ],
      )
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
      return toChange(await one(tx, changeRow, `${CHANGE_SELECT} WHERE c.id = $1`, [id]))
    })
  },

  /** Cancels a change before its day (one entry of the audit trail). */
  async cancel(deps: PriceDeps, actor: StaffActor, planId: number, changeId: number, reason: string) {
    const { groupKey } = deps.tenant
    return deps.db.transaction(async (tx) => {
      const change = await maybeOne(
        tx,
        changeRow,
        `${CHANGE_SELECT} WHERE c.group_key = $1 AND c.plan_id = $2 AND c.id = $3 FOR UPDATE OF c`,
        [groupKey, planId, changeId],
      )
      if (!change) throw notFound('Price change')
      if (change.applied_at) throw new Conflict('This price has taken effect already: schedule another change instead.')
      if (change.cancelled_at) return toChange(change)
      await tx.query('UPDATE plan_price_changes SET cancelled_at = $2 WHERE id = $1', [changeId, deps.now()])
      await audit.record(tx, {
        groupKey,
        actorId: actor.id,
        action: 'plan.price_cancelled',
        subject: `plan:${planId}`,
        reason,
        before: { [CYCLE[change.period]]: change.amount_cents, effectiveOn: toChange(change).effectiveOn },
        address: actor.address,
      })
      return toChange(await one(tx, changeRow, `${CHANGE_SELECT} WHERE c.id = $1`, [changeId]))
    })
  },

  /** Writes the changes whose day has come into their plans (the jobs' sweep, every minute); answers how many. */
  async applyDue(db: Queryable, now: Date): Promise<number> {
    const applied = await db.query(
      `WITH due AS (
         UPDATE plan_price_changes SET applied_at = $1
          WHERE applied_at IS NULL AND cancelled_at IS NULL AND effective_at <= $1
          RETURNING plan_id, period, amount_cents)
       UPDATE plans p
          SET monthly_price_cents = COALESCE((SELECT amount_cents FROM due WHERE due.plan_id = p.id AND due.period = 'month'), p.monthly_price_cents),
              annual_price_cents = COALESCE((SELECT amount_cents FROM due WHERE due.plan_id = p.id AND due.period = 'year'), p.annual_price_cents)
        WHERE p.id IN (SELECT plan_id FROM due) RETURNING p.id`,
      [now],
    )
    return applied.length
  },
}

/**
 * A plan row as JSON at a moment: its prices with the changes scheduled to have taken effect by
 * then (`$at`, a parameter of the statement it is placed in) laid over it. `alias` names the plans row.
 */
export const planAtSql = (alias: string, at: string) =>
  `(to_jsonb(${alias}) || COALESCE((SELECT jsonb_object_agg(CASE c.period WHEN 'month' THEN 'monthly_price_cents' ELSE 'annual_price_cents' END, c.amount_cents)
      FROM plan_price_changes c WHERE c.plan_id = ${alias}.id AND c.applied_at IS NULL AND c.cancelled_at IS NULL AND c.effective_at <= ${at}), '{}'::jsonb))`
