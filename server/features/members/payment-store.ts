import { z } from '#schemas/engine/zod.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'
import type { CardToken } from '../../platform/payments/payments.ts'

/**
 * A member's money on the database: the receipts and their refunds, the periods renewals paid,
 * what mid-term changes charged, and the card on file.
 */

export const receiptRow = z.object({
  id: z.number(),
  group_key: z.string(),
  member_id: z.number(),
  description: z.string(),
  amount_cents: z.number(),
  card_last4: z.string(),
  paid_at: z.coerce.date(),
  charge_id: z.nullable(z.string()),
})

export const refundRow = z.object({
  id: z.number(),
  group_key: z.string(),
  receipt_id: z.number(),
  refund_id: z.string(),
  amount_cents: z.number(),
  reason: z.string(),
  created_at: z.coerce.date(),
  request_key: z.nullable(z.string()),
})

export const cardRow = z.object({
  member_id: z.number(),
  group_key: z.string(),
  processor_token: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  billing_zip: z.string(),
})

// --- Receipts ------------------------------------------------------------------------------------

/** A receipt as the member sees it, with what was refunded of it. */
export const memberReceiptRow = z.extend(
  z.pick(receiptRow, { id: true, description: true, amount_cents: true, card_last4: true, paid_at: true }),
  { refunded_cents: z.number() },
)

const RECEIPT_COLUMNS =
  'id, description, amount_cents, card_last4, paid_at, (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = receipts.id) AS refunded_cents'

export const receiptsOf = (db: Queryable, groupKey: string, memberId: number) =>
  many(
    db,
    memberReceiptRow,
    `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE group_key = $1 AND member_id = $2 ORDER BY paid_at DESC, id DESC`,
    [groupKey, memberId],
  )

export const receiptOf = (db: Queryable, groupKey: string, memberId: number, id: number) =>
  maybeOne(
    db,
    memberReceiptRow,
    `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE group_key = $1 AND id = $2 AND member_id = $3`,
    [groupKey, id, memberId],
  )

export const insertReceipt = (
  tx: Queryable,
  groupKey: string,
  memberId: number,
  receipt: { description: string; amountCents: number; cardLast4: string; paidAt: Date; chargeId: string },
) =>
  one(
    tx,
    memberReceiptRow,
    `INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${RECEIPT_COLUMNS}`,
    [groupKey, memberId, receipt.description, receipt.amountCents, receipt.cardLast4, receipt.paidAt, receipt.chargeId],
  )

/** A renewal's receipt and the period it paid, in one statement: the period's primary key refuses a second. */
export async function insertRenewalReceipt(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  receipt: { description: string; amountCents: number; cardLast4: string; paidAt: Date; chargeId: string },
  renewal: { subscriptionId: number; periodStart: Date },
): Promise<number> {
  const { receipt_id: receiptId } = await one(
    tx,
    z.object({ receipt_id: z.number() }),
    `WITH receipt AS (
               INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
             INSERT INTO renewals (subscription_id, period_start, receipt_id, amount_cents)
             SELECT $8, $9, id, $4 FROM receipt RETURNING receipt_id`,
    [
      groupKey,
      memberId,
      receipt.description,
      receipt.amountCents,
      receipt.cardLast4,
      receipt.paidAt,
      receipt.chargeId,
      renewal.subscriptionId,
      renewal.periodStart,
    ],
  )
  return receiptId
}

/** Each receipt's processor charge (null: paid before charges were kept). */
export const chargesOf = (db: Queryable, receiptIds: readonly number[]) =>
  many(
    db,
    z.pick(receiptRow, { id: true, charge_id: true }),
    'SELECT id, charge_id FROM receipts WHERE id = ANY($1::int[])',
    [receiptIds],
  )

/** Each receipt's processor charge, and how many refunds it had. */
export const chargesAndRefundCounts = (db: Queryable, receiptIds: readonly number[]) =>
  many(
    db,
    z.extend(z.pick(receiptRow, { id: true, charge_id: true }), { refunds: z.coerce.number() }),
    'SELECT r.id, r.charge_id, (SELECT count(*) FROM refunds f WHERE f.receipt_id = r.id) AS refunds FROM receipts r WHERE r.id = ANY($1::int[])',
    [receiptIds],
  )

/** One of the member's receipts as member services refund it: its charge and what was refunded of it. */
export const refundableReceipt = (db: Queryable, groupKey: string, memberId: number, receiptId: number) =>
  maybeOne(
    db,
    z.extend(z.pick(receiptRow, { id: true, amount_cents: true, card_last4: true, charge_id: true }), {
      refunded_cents: z.number(),
    }),
    `SELECT r.id, r.amount_cents, r.card_last4, r.charge_id,
            (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS refunded_cents
       FROM receipts r WHERE r.group_key = $1 AND r.member_id = $2 AND r.id = $3`,
    [groupKey, memberId, receiptId],
  )

/** The card a refund of the member's latest membership goes back to: the one its last payment was charged to. */
export const refundCardOf = (db: Queryable, groupKey: string, memberId: number) =>
  maybeOne(
    db,
    z.pick(receiptRow, { card_last4: true }),
    `SELECT r.card_last4 FROM subscriptions s JOIN receipts r ON r.id = s.paid_by_receipt_id
      WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1`,
    [groupKey, memberId],
  )

// --- Refunds -------------------------------------------------------------------------------------

/** Keeps a refund the processor made, once (a replay of it answers the same refund id). */
export async function insertRefund(
  tx: Queryable,
  groupKey: string,
  refund: { receiptId: number; refundId: string; amountCents: number },
  reason: string,
  at: Date,
) {
  await tx.query(
    'INSERT INTO refunds (group_key, receipt_id, refund_id, amount_cents, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (refund_id) DO NOTHING',
    [groupKey, refund.receiptId, refund.refundId, refund.amountCents, reason, at],
  )
}

/** Keeps a refund member services asked for under `requestKey`; false when that request's was kept already. */
export async function insertRequestedRefund(
  tx: Queryable,
  groupKey: string,
  refund: { receiptId: number; refundId: string; amountCents: number; reason: string; at: Date; requestKey: string },
): Promise<boolean> {
  const { n: made } = await one(
    tx,
    z.object({ n: z.coerce.number() }),
    `WITH made AS (
         INSERT INTO refunds (group_key, receipt_id, refund_id, amount_cents, reason, created_at, request_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id)
       SELECT count(*) AS n FROM made`,
    [groupKey, refund.receiptId, refund.refundId, refund.amountCents, refund.reason, refund.at, refund.requestKey],
  )
  return made > 0
}

/** The refund member services made under a request's key, if any. */
export const refundByRequest = (db: Queryable, groupKey: string, requestKey: string) =>
  maybeOne(
    db,
    z.pick(refundRow, { receipt_id: true, amount_cents: true }),
    'SELECT receipt_id, amount_cents FROM refunds WHERE group_key = $1 AND request_key = $2',
    [groupKey, requestKey],
  )

/** The refunds of the receipts, oldest first. */
export const refundsOf = (db: Queryable, groupKey: string, receiptIds: readonly number[]) =>
  many(
    db,
    z.pick(refundRow, { receipt_id: true, amount_cents: true, reason: true, created_at: true }),
    'SELECT receipt_id, amount_cents, reason, created_at FROM refunds WHERE group_key = $1 AND receipt_id = ANY($2::int[]) ORDER BY created_at, id',
    [groupKey, receiptIds.map((id) => String(id))],
  )

// --- Periods paid --------------------------------------------------------------------------------

/** Keeps the period a payment renewed (one per membership and period start). */
export async function insertRenewal(
  tx: Queryable,
  renewal: { subscriptionId: number; periodStart: Date | null; receiptId: number; amountCents: number },
) {
  await tx.query(
    'INSERT INTO renewals (subscription_id, period_start, receipt_id, amount_cents) VALUES ($1, $2, $3, $4)',
    [renewal.subscriptionId, renewal.periodStart, renewal.receiptId, renewal.amountCents],
  )
}

/** Whether a period from `from` on was paid for. */
export async function paidFrom(db: Queryable, subscriptionId: number, from: Date): Promise<boolean> {
  const ahead = await db.query('SELECT 1 FROM renewals WHERE subscription_id = $1 AND period_start >= $2', [
    subscriptionId,
    from,
  ])
  return ahead.length > 0
}

/**
 * The membership's paid periods from `periodStartedAt` (the current one's, joining's or the last
 * renewal's, and any paid ahead), in order: each with its payment, what is left of it and the
 * enrollment fee in it.
 */
export const paidPeriodRows = (db: Queryable, subscriptionId: number, periodStartedAt: Date) =>
  many(
    db,
    z.object({
      receipt_id: z.number(),
      period_start: z.coerce.date(),
      paid_at: z.coerce.date(),
      paid: z.number(),
      left: z.number(),
      fee: z.number(),
    }),
    `SELECT p.receipt_id, p.period_start, GREATEST(r.paid_at, p.period_start) AS paid_at, p.fee, r.amount_cents AS paid,
            r.amount_cents - (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS left
       FROM (SELECT paid_by_receipt_id AS receipt_id, period_started_at AS period_start,
                    CASE WHEN period_started_at = started_at THEN enrollment_fee_cents ELSE 0 END AS fee
               FROM subscriptions WHERE id = $1 AND paid_by_receipt_id IS NOT NULL
             UNION
             SELECT receipt_id, period_start, 0 FROM renewals WHERE subscription_id = $1 AND period_start > $2) p
       JOIN receipts r ON r.id = p.receipt_id
      ORDER BY p.period_start`,
    [subscriptionId, periodStartedAt],
  )

// --- Mid-term changes ----------------------------------------------------------------------------

/** Keeps what a change charged (above 0) or refunded (below 0) for the days to `paidThrough`. */
export async function insertChange(
  tx: Queryable,
  change: {
    subscriptionId: number
    at: Date
    amountCents: number
    receiptId: number | null
    paidThrough: Date
    days: number
  },
) {
  await tx.query(
    'INSERT INTO membership_changes (subscription_id, at, amount_cents, receipt_id, paid_through, days) VALUES ($1, $2, $3, $4, $5, $6)',
    [change.subscriptionId, change.at, change.amountCents, change.receiptId, change.paidThrough, change.days],
  )
}

/** What mid-term changes charged for paid time after `now`, newest first, with what is left of each. */
export const paidChangeRows = (db: Queryable, subscriptionId: number, now: Date) =>
  many(
    db,
    z.object({
      receipt_id: z.number(),
      at: z.coerce.date(),
      paid_through: z.coerce.date(),
      days: z.number(),
      left: z.number(),
    }),
    `SELECT c.receipt_id, c.at, c.paid_through, c.days,
            r.amount_cents - (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS left
       FROM membership_changes c JOIN receipts r ON r.id = c.receipt_id
      WHERE c.subscription_id = $1 AND c.amount_cents > 0 AND c.paid_through > $2
      ORDER BY c.at DESC, c.id DESC`,
    [subscriptionId, now],
  )

// --- The card on file ----------------------------------------------------------------------------

/** The member's card on file (one per member): the processor's token and what a receipt shows. */
export async function saveCard(db: Queryable, groupKey: string, memberId: number, card: CardToken) {
  await db.query(
    `INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (member_id) DO UPDATE SET processor_token = EXCLUDED.processor_token, brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, billing_zip = EXCLUDED.billing_zip`,
    [memberId, groupKey, card.token, card.brand, card.last4, card.expMonth, card.expYear, card.zip],
  )
}

/** The card as the member's pages show it. */
export const cardOf = (db: Queryable, groupKey: string, memberId: number) =>
  maybeOne(
    db,
    z.pick(cardRow, { brand: true, last4: true, exp_month: true, exp_year: true }),
    'SELECT brand, last4, exp_month, exp_year FROM payment_methods WHERE group_key = $1 AND member_id = $2',
    [groupKey, memberId],
  )

/** The card as a member's record names it. */
export const cardNameOf = (db: Queryable, groupKey: string, memberId: number) =>
  maybeOne(
    db,
    z.pick(cardRow, { brand: true, last4: true }),
    'SELECT brand, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2',
    [groupKey, memberId],
  )

/** The card a payment charges: the processor's token and its last four digits. */
export const cardTokenOf = (db: Queryable, groupKey: string, memberId: number) =>
  maybeOne(
    db,
    z.pick(cardRow, { processor_token: true, last4: true }),
    'SELECT processor_token, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2',
    [groupKey, memberId],
  )
