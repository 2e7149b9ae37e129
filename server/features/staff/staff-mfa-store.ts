import { z } from '#schemas/engine/zod.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

const mfaRow = z.object({ secret_encrypted: z.string(), enrolled_at: z.nullable(z.coerce.date()) })
const recoveryCodeRow = z.object({ id: z.number(), code_hash: z.string() })

/** The account's authenticator secret (sealed), and when its enrolment was confirmed (null: not yet). */
export const mfaOf = (db: Queryable, userId: number) =>
  maybeOne(db, mfaRow, 'SELECT secret_encrypted, enrolled_at FROM staff_mfa WHERE user_id = $1', [userId])

/**
 * Keeps a new secret, unconfirmed, over an earlier unconfirmed one; false when the account's
 * enrolment is confirmed already (its secret stays).
 */
export async function startEnrolment(db: Queryable, userId: number, secretEncrypted: string): Promise<boolean> {
  const saved = await db.query(
    `INSERT INTO staff_mfa (user_id, secret_encrypted, enrolled_at) VALUES ($1, $2, NULL)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, last_used_step = NULL
       WHERE staff_mfa.enrolled_at IS NULL RETURNING user_id`,
    [userId, secretEncrypted],
  )
  return saved.length > 0
}

/** Confirms the enrolment with its first code's step; false when it was confirmed already. */
export async function confirmEnrolment(db: Queryable, userId: number, at: Date, step: number): Promise<boolean> {
  const confirmed = await db.query(
    'UPDATE staff_mfa SET enrolled_at = $2, last_used_step = $3 WHERE user_id = $1 AND enrolled_at IS NULL RETURNING user_id',
    [userId, at, step],
  )
  return confirmed.length > 0
}

/** Accepts a code's time step once: false when a code of this step or a later one was accepted before. */
export async function spendStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const spent = await db.query(
    'UPDATE staff_mfa SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id',
    [userId, step],
  )
  return spent.length > 0
}

export const unspentRecoveryCodes = (db: Queryable, userId: number) =>
  many(
    db,
    recoveryCodeRow,
    'SELECT id, code_hash FROM staff_recovery_codes WHERE user_id = $1 AND used_at IS NULL ORDER BY id',
    [userId],
  )

/** Spends a recovery code; false when it was spent already. */
export async function spendRecoveryCode(db: Queryable, id: number, at: Date): Promise<boolean> {
  const spent = await db.query(
    'UPDATE staff_recovery_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id, at],
  )
  return spent.length > 0
}

export async function deleteRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [userId])
}

export async function insertRecoveryCode(db: Queryable, userId: number, codeHash: string): Promise<void> {
  await db.query('INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, codeHash])
}
