import { z } from '#schemas/engine/zod.ts'
import { maybeOne, one, type Queryable } from '../db/database.ts'

const chargeRow = z.object({ charge_id: z.string(), amount_cents: z.number(), token: z.string() })
export type ChargeRow = z.infer<typeof chargeRow>
const refundRow = z.object({ refund_id: z.string(), charge_id: z.string(), amount_cents: z.number() })
export type RefundRow = z.infer<typeof refundRow>

export const chargeByKey = (db: Queryable, idempotencyKey: string) =>
  maybeOne(db, chargeRow, 'SELECT charge_id, amount_cents, token FROM sandbox_charges WHERE idempotency_key = $1', [
    idempotencyKey,
  ])

/** Keeps a charge under its key; undefined when the key has one already (made meanwhile by another request). */
export const insertCharge = (
  db: Queryable,
  charge: { idempotencyKey: string; chargeId: string; token: string; amountCents: number; description: string },
) =>
  maybeOne(
    db,
    chargeRow,
    'INSERT INTO sandbox_charges (idempotency_key, charge_id, token, amount_cents, description) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING charge_id, amount_cents, token',
    [charge.idempotencyKey, charge.chargeId, charge.token, charge.amountCents, charge.description],
  )

/** A charge's amount, locked for the transaction: one refund of it at a time. */
export const lockCharge = (tx: Queryable, chargeId: string) =>
  maybeOne(
    tx,
    z.pick(chargeRow, { amount_cents: true }),
    'SELECT amount_cents FROM sandbox_charges WHERE charge_id = $1 FOR UPDATE',
    [chargeId],
  )

export const refundByKey = (db: Queryable, idempotencyKey: string) =>
  maybeOne(db, refundRow, 'SELECT refund_id, charge_id, amount_cents FROM sandbox_refunds WHERE idempotency_key = $1', [
    idempotencyKey,
  ])

/** How much of a charge is refunded so far. */
export const refundedOf = async (db: Queryable, chargeId: string) =>
  (
    await one(
      db,
      z.object({ refunded: z.number() }),
      'SELECT COALESCE(SUM(amount_cents), 0)::int AS refunded FROM sandbox_refunds WHERE charge_id = $1',
      [chargeId],
    )
  ).refunded

export const insertRefund = (
  db: Queryable,
  refund: { idempotencyKey: string; refundId: string; chargeId: string; amountCents: number },
) =>
  one(
    db,
    refundRow,
    'INSERT INTO sandbox_refunds (idempotency_key, refund_id, charge_id, amount_cents) VALUES ($1, $2, $3, $4) RETURNING refund_id, charge_id, amount_cents',
    [refund.idempotencyKey, refund.refundId, refund.chargeId, refund.amountCents],
  )
