import { z } from '#schemas/engine/zod.ts'
import type { Queryable } from '../db/database.ts'

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
export const audit = {
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
