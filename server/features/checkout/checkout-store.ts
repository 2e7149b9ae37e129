import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from '../../platform/db/database.ts'

/** A checkout's row: its state is parsed by the checkout (checkout.ts), which knows its shape. */
const checkoutRow = z.object({
  token_hash: z.string(),
  state: z.unknown(),
  expires_at: z.coerce.date(),
  updated_at: z.coerce.date(),
})
const COLUMNS = 'token_hash, state, expires_at, updated_at'

export const checkoutByToken = (db: Queryable, hash: string, groupKey: string) =>
  maybeOne(db, checkoutRow, `SELECT ${COLUMNS} FROM checkouts WHERE token_hash = $1 AND group_key = $2`, [
    hash,
    groupKey,
  ])

/** The member's latest completed checkout (its confirmation, once the token's cookie is gone). */
export const completedCheckoutOf = (db: Queryable, groupKey: string, memberId: number) =>
  maybeOne(
    db,
    checkoutRow,
    `SELECT ${COLUMNS} FROM checkouts WHERE group_key = $1 AND state->>'step' = 'completed' AND state->>'memberId' = $2 ORDER BY updated_at DESC LIMIT 1`,
    [groupKey, String(memberId)],
  )

export async function insertCheckout(
  db: Queryable,
  checkout: { hash: string; groupKey: string; state: Record<string, unknown>; expiresAt: Date },
) {
  await db.query('INSERT INTO checkouts (token_hash, group_key, state, expires_at) VALUES ($1, $2, $3, $4)', [
    checkout.hash,
    checkout.groupKey,
    checkout.state,
    checkout.expiresAt,
  ])
}

export async function updateCheckoutState(db: Queryable, hash: string, state: Record<string, unknown>) {
  await db.query('UPDATE checkouts SET state = $2, updated_at = now() WHERE token_hash = $1', [hash, state])
}
