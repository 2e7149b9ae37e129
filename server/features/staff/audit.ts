import { z } from '#schemas/engine/zod.ts'
import { auditEventSchema, type AuditEvent, type AuditQuery } from '#schemas/api/staff-audit.ts'
import { many, type Queryable } from '../../platform/db/database.ts'

/** The staff member who acts (the console's caller), and the address they act from: every audit entry names both. */
export interface Actor {
  id: number
  address: string
}

/** One entry of the audit trail: who did what to which subject, why, and the record before and after. */
export const auditEntrySchema = z.object({
  groupKey: z.string(),
  /** The staff member (undefined: nobody known yet, a sign-in with an unknown email). */
  actorId: z.optional(z.number()),
  /** What was done: `staff.sign_in`, `staff.code_refused`… */
  action: z.string().check(z.regex(/^[a-z]+\.[a-z_]+$/)),
  /** What it was done to (`user:12`, `grievance:4`). */
  subject: z.optional(z.string()),
  reason: z.optional(z.string()),
  before: z.optional(z.record(z.string(), z.unknown())),
  after: z.optional(z.record(z.string(), z.unknown())),
  /** The client's address. */
  address: z.optional(z.string()),
})
export type AuditEntry = z.input<typeof auditEntrySchema>

/**
 * The audit trail (table audit_events, append-only: a trigger refuses UPDATE and DELETE). An
 * action records its entry with `tx`, the transaction that makes its change, so that the change
 * and its entry are kept or lost together: exactly one entry per action.
 */
const PAGE = 100

/** An entry as the database answers it: the contract's shape, with its id and time as they come. */
const eventRow = z.extend(auditEventSchema, { id: z.coerce.number(), at: z.coerce.date() })

export const audit = {
  /**
   * A tenant's entries, newest first: in a period (`to` excluded: a day's entries are `from` that
   * day `to` the next), of an action or a kind of actions (`staff.`), a page at a time.
   */
  async page(
    db: Queryable,
    groupKey: string,
    query: AuditQuery,
  ): Promise<{ entries: AuditEvent[]; next: number | null }> {
    const limit = query.limit ?? PAGE
    const rows = await many(
      db,
      eventRow,
      `SELECT e.id, e.at, u.email AS actor, e.action, e.subject, e.reason, e.before, e.after, e.address
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.group_key = $1
          AND ($2::date IS NULL OR e.at >= $2::date)
          AND ($3::date IS NULL OR e.at < $3::date)
          AND ($4::text IS NULL OR e.action = $4 OR (right($4, 1) = '.' AND starts_with(e.action, $4)))
          AND ($5::bigint IS NULL OR e.id < $5)
        ORDER BY e.id DESC LIMIT $6`,
      [groupKey, query.from ?? null, query.to ?? null, query.action ?? null, query.before ?? null, limit + 1],
    )
    const entries = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }))
    return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null }
  },

  async record(tx: Queryable, entry: AuditEntry): Promise<void> {
    const row = auditEntrySchema.parse(entry)
    await tx.query(
      'INSERT INTO audit_events (group_key, actor_id, action, subject, reason, before, after, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        row.groupKey,
        row.actorId ?? null,
        row.action,
        row.subject ?? null,
        row.reason ?? null,
        row.before ?? null,
        row.after ?? null,
        row.address ?? null,
      ],
    )
  },
}
