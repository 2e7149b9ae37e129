import { z } from '#schemas/engine/zod.ts'
import type { AuditEvent, AuditQuery } from '#schemas/api/staff.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { auditEventsNewestFirst, insertAuditEvent } from './audit-store.ts'

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
    // One more than the page: whether there is a next one.
    const rows = await auditEventsNewestFirst(
      db,
      groupKey,
      { from: query.from ?? null, to: query.to ?? null, action: query.action ?? null, before: query.before ?? null },
      limit + 1,
    )
    const entries = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }))
    return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null }
  },

  async record(tx: Queryable, entry: AuditEntry): Promise<void> {
    await insertAuditEvent(tx, auditEntrySchema.parse(entry))
  },
}
