import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { dateSchema, PG_INT_MAX } from './common.ts'

const pageSize = z.optional(
  z.coerce.number().check(z.int('A whole number'), z.gte(1, 'At least 1'), z.lte(500, 'At most 500 a page')),
)

/** Which entries of the audit trail: a period (`to` excluded), an action or its kind (`staff.`), and a page. */
export const auditQuerySchema = z.object({
  from: z.optional(dateSchema),
  to: z.optional(dateSchema),
  action: z.optional(
    z.string().check(z.maxLength(64), z.regex(/^[a-z_.]+$/, 'An action such as staff.sign_in, or its kind: staff.')),
  ),
  /** The page after the one whose last entry had this id (the answer's `next`). */
  before: z.optional(
    z.coerce.number().check(z.int('A whole number'), z.gte(1, 'At least 1'), z.lte(PG_INT_MAX, 'Not an entry')),
  ),
  limit: pageSize,
})
export type AuditQuery = z.output<typeof auditQuerySchema>

/** One entry, as an administrator reads it: who (their email), when, what, why, before and after. */
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  address: z.nullable(z.string()),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

export const auditPageSchema = z.object({
  entries: z.array(auditEventSchema),
  /** The next page's `before`, or null on the last page. */
  next: z.nullable(z.number()),
})

/** The audit trail, for administrators: read only (no route changes it; docs/adr/0026). */
export const staffAuditApi = {
  audit: contract({
    method: 'get',
    path: '/api/v4/staff/audit',
    summary:
      'The tenant’s audit trail, newest first, by period and action, a page at a time (what the console shows and exports); administrators only',
    tags: ['Staff'],
    access: { staff: ['admin'] },
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
}
