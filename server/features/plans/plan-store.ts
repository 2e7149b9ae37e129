import { z } from '#schemas/engine/zod.ts'
import type { PricePeriod } from '#schemas/api/plans.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'

/** The plans feature's rows: plans, their scheduled price changes, and the coupons. */

export const planRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  monthly_price_cents: z.number(),
  annual_price_cents: z.number(),
  enrollment_fee_cents: z.number(),
  max_dependents: z.number(),
  fee_schedule: z.array(
    z.object({ code: z.string(), procedure: z.string(), usualFeeCents: z.number(), memberFeeCents: z.number() }),
  ),
})
export type PlanRow = z.infer<typeof planRow>

export const planById = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(db, planRow, 'SELECT * FROM plans WHERE group_key = $1 AND id = $2', [groupKey, id])

/** The tenant's plans with their current prices, as the administrators' price list shows them. */
export const currentPlanPrices = (db: Queryable, groupKey: string) =>
  many(
    db,
    z.pick(planRow, { id: true, name: true, monthly_price_cents: true, annual_price_cents: true }),
    'SELECT id, name, monthly_price_cents, annual_price_cents FROM plans WHERE group_key = $1 ORDER BY id',
    [groupKey],
  )

const COLUMN: Record<PricePeriod, 'monthly_price_cents' | 'annual_price_cents'> = {
  month: 'monthly_price_cents',
  year: 'annual_price_cents',
}

/** A plan's price for one period, the plan locked for the transaction. */
export const lockedPlanPrice = (tx: Queryable, groupKey: string, planId: number, period: PricePeriod) =>
  maybeOne(
    tx,
    z.object({ price: z.number() }),
    `SELECT ${COLUMN[period]} AS price FROM plans WHERE group_key = $1 AND id = $2 FOR UPDATE`,
    [groupKey, planId],
  )

export const changeRow = z.object({
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
export type ChangeRow = z.infer<typeof changeRow>
/** A change with who scheduled it and how many renewing memberships of its plan and cycle it reaches. */
const CHANGE_SELECT = `SELECT c.id, c.plan_id, c.period, c.amount_cents, c.previous_cents, c.effective_on::text AS effective_on,
       c.applied_at, c.cancelled_at, c.created_at, u.email AS created_by,
       (SELECT count(*) FROM renewing_memberships s WHERE s.group_key = c.group_key AND s.plan_id = c.plan_id
           AND s.billing_cycle = CASE c.period WHEN 'month' THEN 'monthly' ELSE 'annual' END) AS members
  FROM plan_price_changes c LEFT JOIN people u ON u.id = c.created_by`

/** The tenant's changes, the latest day first. */
export const priceChanges = (db: Queryable, groupKey: string) =>
  many(db, changeRow, `${CHANGE_SELECT} WHERE c.group_key = $1 ORDER BY c.effective_on DESC, c.id DESC`, [groupKey])

export const priceChangeById = (db: Queryable, id: number) =>
  one(db, changeRow, `${CHANGE_SELECT} WHERE c.id = $1`, [id])

/** A change of the plan, locked for the transaction. */
export const lockedPriceChange = (tx: Queryable, groupKey: string, planId: number, changeId: number) =>
  maybeOne(tx, changeRow, `${CHANGE_SELECT} WHERE c.group_key = $1 AND c.plan_id = $2 AND c.id = $3 FOR UPDATE OF c`, [
    groupKey,
    planId,
    changeId,
  ])

/** The day of the plan's change of this period still to take effect, if any. */
export const pendingChange = (tx: Queryable, groupKey: string, planId: number, period: PricePeriod) =>
  maybeOne(
    tx,
    z.object({ effective_on: z.string() }),
    'SELECT effective_on::text AS effective_on FROM plan_price_changes WHERE group_key = $1 AND plan_id = $2 AND period = $3 AND applied_at IS NULL AND cancelled_at IS NULL',
    [groupKey, planId, period],
  )

export interface NewPriceChange {
  groupKey: string
  planId: number
  period: PricePeriod
  amountCents: number
  previousCents: number
  effectiveOn: string
  effectiveAt: Date
  createdAt: Date
  createdBy: number
}

/** Records a change; answers its id. */
export async function insertPriceChange(tx: Queryable, change: NewPriceChange): Promise<number> {
  const { id } = await one(
    tx,
    z.object({ id: z.number() }),
    `INSERT INTO plan_price_changes (group_key, plan_id, period, amount_cents, previous_cents, effective_on, effective_at, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      change.groupKey,
      change.planId,
      change.period,
      change.amountCents,
      change.previousCents,
      change.effectiveOn,
      change.effectiveAt,
      change.createdAt,
      change.createdBy,
    ],
  )
  return id
}

export async function cancelPriceChange(tx: Queryable, changeId: number, at: Date): Promise<void> {
  await tx.query('UPDATE plan_price_changes SET cancelled_at = $2 WHERE id = $1', [changeId, at])
}

/** Writes the changes due by `now` into their plans, in one statement; answers how many plans changed. */
export async function applyDuePriceChanges(db: Queryable, now: Date): Promise<number> {
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
}

/**
 * A plan row as JSON at a moment: its prices with the changes scheduled to have taken effect by
 * then (`$at`, a parameter of the statement it is placed in) laid over it. `alias` names the plans row.
 */
export const planAtSql = (alias: string, at: string) =>
  `(to_jsonb(${alias}) || COALESCE((SELECT jsonb_object_agg(CASE c.period WHEN 'month' THEN 'monthly_price_cents' ELSE 'annual_price_cents' END, c.amount_cents)
      FROM plan_price_changes c WHERE c.plan_id = ${alias}.id AND c.applied_at IS NULL AND c.cancelled_at IS NULL AND c.effective_at <= ${at}), '{}'::jsonb))`

export const couponRow = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  amount: z.number(),
  expires_at: z.nullable(z.coerce.date()),
  plan_id: z.nullable(z.number()),
  office_id: z.nullable(z.number()),
})

/** The tenant's coupon of that code, in any case. */
export const couponByCode = (db: Queryable, groupKey: string, code: string) =>
  maybeOne(db, couponRow, 'SELECT * FROM coupons WHERE group_key = $1 AND upper(code) = upper($2)', [groupKey, code])
