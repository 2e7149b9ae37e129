import { createHash, randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import {
  deleteSession,
  deleteSessionsOf,
  insertSession,
  sessionUserOf,
  touchSession,
  type SessionUser,
} from './sessions-store.ts'

export const SESSION_COOKIE = 'session'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

export type { SessionUser } from './sessions-store.ts'

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
      await insertSession(tx, {
        idHash: hash(id),
        groupKey,
        userId,
        at: now,
        mfaPending: options.mfaPending ?? false,
        secondFactor: options.secondFactor ?? false,
      })
      return id
    },

    /** The session's user, when the session exists, belongs to this tenant, has not expired and its account is not deactivated; touches it. */
    async resolve(id: string | undefined, groupKey: string, now = new Date()): Promise<SessionUser | undefined> {
      if (!id || id.length > 100) return undefined
      const row = await sessionUserOf(db, hash(id), groupKey)
      if (!row) return undefined
      const idle = now.getTime() - row.last_seen_at.getTime()
      const age = now.getTime() - row.created_at.getTime()
      if (idle > limits.idleMs || age > limits.absoluteMs) {
        await deleteSession(db, hash(id))
        return undefined
      }
      // Session bookkeeping only (the idle clock), not a change of the member's data.
      if (idle > 30_000) await touchSession(db, hash(id), now)
      return row
    },

    async destroy(id: string | undefined, tx: Queryable = db): Promise<void> {
      if (id) await deleteSession(tx, hash(id))
    },

    /** Ends every session of a user (after a password reset), except the one kept, if any. */
    async destroyAllOf(tx: Queryable, userId: number, keep?: string): Promise<void> {
      await deleteSessionsOf(tx, userId, keep ? hash(keep) : '')
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>

export const tokenHash = hash
