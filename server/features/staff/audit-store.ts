import { z } from '#schemas/engine/zod.ts'
import { auditEventSchema } from '#schemas/api/staff.ts'
import { many, type Queryable } from '../../platform/db/database.ts'

/** An entry as the database answers it: the contract's shape, with its id and time as they come. */
const eventRow = z.extend(auditEventSchema, { id: z.coerce.number(), at: z.coerce.date() })

/** A new entry's columns (the actor: a user's id). */
export interface NewAuditEvent {
  groupKey: string
  actorId?: number | undefined
  action: string
  subject?: string | undefined
  reason?: string | undefined
  before?: Record<string, unknown> | undefined
  after?: Record<string, unknown> | undefined
  address?: string | undefined
}

export async function insertAuditEvent(db: Queryable, event: NewAuditEvent): Promise<void> {
  await db.query(
    'INSERT INTO audit_events (group_key, actor_id, action, subject, reason, before, after, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      event.groupKey,
      event.actorId ?? null,
      event.action,
      event.subject ?? null,
      event.reason ?? null,
      event.before ?? null,
      event.after ?? null,
      event.address ?? null,
    ],
  )
}

/** An entry with its actor named by their email. */
const EVENTS = `SELECT e.id, e.at, u.email AS actor, e.action, e.subject, e.reason, e.before, e.after, e.address
  FROM audit_events e LEFT JOIN people u ON u.id = e.actor_id`

/**
 * The tenant's entries newest first, the actor named by their email: in a period (`to`
 * excluded), of an action or of a kind of actions (`staff.`), before the entry of id `before`;
 * `limit` of them at most.
 */
export const auditEventsNewestFirst = (
  db: Queryable,
  groupKey: string,
  filter: { from: string | null; to: string | null; action: string | null; before: number | null },
  limit: number,
) =>
  many(
    db,
    eventRow,
    `${EVENTS}
        WHERE e.group_key = $1
          AND ($2::date IS NULL OR e.at >= $2::date)
          AND ($3::date IS NULL OR e.at < $3::date)
          AND ($4::text IS NULL OR e.action = $4 OR (right($4, 1) = '.' AND starts_with(e.action, $4)))
          AND ($5::bigint IS NULL OR e.id < $5)
        ORDER BY e.id DESC LIMIT $6`,
    [groupKey, filter.from, filter.to, filter.action, filter.before, limit],
  )

/** The tenant's entries in a period (`to` excluded) oldest first, the actor named by their email; `limit` of them at most. */
export const auditEventsOldestFirst = (
  db: Queryable,
  groupKey: string,
  period: { from: string | null; to: string | null },
  limit: number,
) =>
  many(
    db,
    eventRow,
    `${EVENTS}
      WHERE e.group_key = $1 AND ($2::date IS NULL OR e.at >= $2::date) AND ($3::date IS NULL OR e.at < $3::date)
      ORDER BY e.id LIMIT $4`,
    [groupKey, period.from, period.to, limit],
  )
