import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from '../db/database.ts'

/** A session with its account's email and role: what a request knows of who sends it. */
export const sessionUserSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  /** The site's role: a staff account that is no content manager is `staff` (neither member nor editor). */
  role: z.enum(['member', 'editor', 'staff']),
  group_key: z.string(),
  /** A staff sign-in whose password is checked and whose second factor is not yet. */
  mfa_pending: z.boolean(),
  /** Signed in with both factors (the staff sign-in): what staff access needs. */
  second_factor: z.boolean(),
  created_at: z.coerce.date(),
  last_seen_at: z.coerce.date(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export async function insertSession(
  db: Queryable,
  session: { idHash: string; groupKey: string; userId: number; at: Date; mfaPending: boolean; secondFactor: boolean },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (id_hash, group_key, user_id, created_at, last_seen_at, mfa_pending, second_factor) VALUES ($1, $2, $3, $4, $4, $5, $6)',
    [session.idHash, session.groupKey, session.userId, session.at, session.mfaPending, session.secondFactor],
  )
}

/** The tenant's session of this hash, if its account is not deactivated. */
export const sessionUserOf = (db: Queryable, idHash: string, groupKey: string) =>
  maybeOne(
    db,
    sessionUserSchema,
    `SELECT s.user_id, u.email, u.role, s.group_key, s.mfa_pending, s.second_factor, s.created_at, s.last_seen_at
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id_hash = $1 AND s.group_key = $2 AND u.deactivated_at IS NULL`,
    [idHash, groupKey],
  )

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash])
}

export async function touchSession(db: Queryable, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, at])
}

/** Deletes every session of a user but the one of `keptHash` ('' keeps none). */
export async function deleteSessionsOf(db: Queryable, userId: number, keptHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [userId, keptHash])
}
