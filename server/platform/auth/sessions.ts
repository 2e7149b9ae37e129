import { createHash, randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Database, type Queryable } from '../db/database.ts'

export const SESSION_COOKIE = 'session'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

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

export interface SessionLimits {
  /** Idle time after which a session ends. */
  idleMs: number
  /** A session ends this long after sign-in, however active. */
  absoluteMs: number
}

/**
 * Sessions in the database (several server processes share them). The cookie holds a random
 * id; the table holds only its hash, so a leaked table cannot be replayed.
 */
export function createSessions(db: Database, limits: SessionLimits) {
  return {
    /**
     * A fresh session id for a sign-in (never reused: a new one every time); `mfaPending`: a staff
     * sign-in waiting for its second factor, which counts as no session but for that step.
     */
    async create(
      tx: Queryable,
      userId: number,
      groupKey: string,
      now = new Date(),
      options: { mfaPending?: boolean; secondFactor?: boolean } = {},
    ): Promise<string> {
      const id = randomBytes(32).toString('base64url')
      await tx.query(
        'INSERT INTO sessions (id_hash, group_key, user_id, created_at, last_seen_at, mfa_pending, second_factor) VALUES ($1, $2, $3, $4, $4, $5, $6)',
        [hash(id), groupKey, userId, now, options.mfaPending ?? false, options.secondFactor ?? false],
      )
      return id
    },

    /** The session's user, when the session exists, belongs to this tenant, has not expired and its account is not deactivated; touches it. */
    async resolve(id: string | undefined, groupKey: string, now = new Date()): Promise<SessionUser | undefined> {
      if (!id || id.length > 100) return undefined
      const row = await maybeOne(
        db,
        sessionUserSchema,
        `SELECT s.user_id, u.email, u.role, s.group_key, s.mfa_pending, s.second_factor, s.created_at, s.last_seen_at
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id_hash = $1 AND s.group_key = $2 AND u.deactivated_at IS NULL`,
        [hash(id), groupKey],
      )
      if (!row) return undefined
      const idle = now.getTime() - row.last_seen_at.getTime()
      const age = now.getTime() - row.created_at.getTime()
      if (idle > limits.idleMs || age > limits.absoluteMs) {
        await db.query('DELETE FROM sessions WHERE id_hash = $1', [hash(id)])
        return undefined
      }
      // Session bookkeeping only (the idle clock), not a change of the member's data.
      if (idle > 30_000) await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [hash(id), now])
      return row
    },

    async destroy(id: string | undefined, tx: Queryable = db): Promise<void> {
      if (id) await tx.query('DELETE FROM sessions WHERE id_hash = $1', [hash(id)])
    },

    /** Ends every session of a user (after a password reset), except the one kept, if any. */
    async destroyAllOf(tx: Queryable, userId: number, keep?: string): Promise<void> {
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [userId, keep ? hash(keep) : ''])
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>

export const tokenHash = hash
