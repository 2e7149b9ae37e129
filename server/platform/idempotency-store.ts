import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from './db/database.ts'

/** A payment's key: its tenant, what it pays for (`scope`) and the client's idempotency key. */
export interface PaymentKey {
  groupKey: string
  scope: string
  key: string
}

const WHERE = 'group_key = $1 AND scope = $2 AND idempotency_key = $3'
const PENDING = `'{"pending":true}'::jsonb`
/** The answer kept under a key, and how long its claim has left (0 when it has timed out). */
const stored = z.object({ response: z.unknown(), wait_ms: z.coerce.number() })

const keyParams = (payment: PaymentKey) => [payment.groupKey, payment.scope, payment.key]

/** Claims a key for `attempt`; false when a row has it already. */
export async function claimPayment(db: Queryable, payment: PaymentKey, attempt: string): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO payments (idempotency_key, group_key, scope, response, attempt) VALUES ($3, $1, $2, ${PENDING}, $4) ON CONFLICT DO NOTHING RETURNING idempotency_key`,
    [...keyParams(payment), attempt],
  )
  return claimed.length > 0
}

/** Takes over for `attempt` a claim still pending after `timeoutMs`; false when there is none such. */
export async function takeOverPayment(
  db: Queryable,
  payment: PaymentKey,
  attempt: string,
  timeoutMs: number,
): Promise<boolean> {
  const taken = await db.query(
    `UPDATE payments SET attempt = $4, claimed_at = now() WHERE ${WHERE} AND response = ${PENDING} AND claimed_at <= now() - $5 * interval '1 millisecond' RETURNING idempotency_key`,
    [...keyParams(payment), attempt, timeoutMs],
  )
  return taken.length > 0
}

export const storedPayment = (db: Queryable, payment: PaymentKey, timeoutMs: number) =>
  maybeOne(
    db,
    stored,
    `SELECT response, GREATEST(0, EXTRACT(EPOCH FROM claimed_at - now()) * 1000 + $4) AS wait_ms FROM payments WHERE ${WHERE}`,
    [...keyParams(payment), timeoutMs],
  )

/** Locks the claim's row for the transaction when `attempt` still holds it; false when another took it over. */
export async function lockClaim(tx: Queryable, payment: PaymentKey, attempt: string): Promise<boolean> {
  const mine = await tx.query(`SELECT 1 FROM payments WHERE ${WHERE} AND attempt = $4 FOR UPDATE`, [
    ...keyParams(payment),
    attempt,
  ])
  return mine.length > 0
}

export async function saveResponse(
  tx: Queryable,
  payment: PaymentKey,
  response: Record<string, unknown>,
): Promise<void> {
  await tx.query(`UPDATE payments SET response = $4 WHERE ${WHERE}`, [...keyParams(payment), response])
}

/** Releases the key `attempt` claimed: a retry claims it anew. */
export async function releaseClaim(db: Queryable, payment: PaymentKey, attempt: string): Promise<void> {
  await db.query(`DELETE FROM payments WHERE ${WHERE} AND attempt = $4`, [...keyParams(payment), attempt])
}

/** Marks the claim of `attempt` timed out: the next request takes it over at once. */
export async function expireClaim(db: Queryable, payment: PaymentKey, attempt: string): Promise<void> {
  await db.query(`UPDATE payments SET claimed_at = 'epoch' WHERE ${WHERE} AND attempt = $4`, [
    ...keyParams(payment),
    attempt,
  ])
}

/**
 * Whether a renewal payment whose key starts `keyPrefix` is claimed and not written yet (its
 * response still pending: server/platform/idempotency.ts `once`).
 */
export async function renewalPending(db: Queryable, groupKey: string, keyPrefix: string): Promise<boolean> {
  const claims = await db.query(
    "SELECT 1 FROM payments WHERE group_key = $1 AND scope = 'renewal' AND idempotency_key LIKE $2 AND response ? 'pending'",
    [groupKey, `${keyPrefix}%`],
  )
  return claims.length > 0
}
