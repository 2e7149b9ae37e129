import { z } from '#schemas/engine/zod.ts'
import {
  DIRECTORY_REPORT_EVENT_KINDS,
  DIRECTORY_REPORT_STATUSES,
  directoryReportSchema,
  type DirectoryReportStatus,
} from '#schemas/api/directory.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

/** The reports that the directory is wrong, and what member services did with each. */

const reportRow = z.object({
  id: z.number(),
  reference: z.string(),
  created_at: z.coerce.date(),
  status: z.enum(DIRECTORY_REPORT_STATUSES),
  field: directoryReportSchema.shape.field,
  details: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  correct_by: z.coerce.date(),
  closed_at: z.nullable(z.coerce.date()),
  provider_id: z.nullable(z.number()),
  office_id: z.number(),
  provider_name: z.nullable(z.string()),
  office_name: z.string(),
})
export type ReportRow = z.output<typeof reportRow>
// A report names a provider, an office or both; the provider's office stands in for a missing one.
const SELECT = `SELECT r.id, r.reference, r.created_at, r.status, r.field, r.details, r.name, r.email, r.correct_by,
    r.closed_at, r.provider_id, o.id AS office_id, p.name AS provider_name, o.name AS office_name
  FROM directory_reports r
  LEFT JOIN providers p ON p.id = r.provider_id
  JOIN offices o ON o.id = coalesce(r.office_id, p.office_id)`

/** The tenant's reports (of one status, with `status`). */
export const reportsOf = (db: Queryable, groupKey: string, status: DirectoryReportStatus | null) =>
  many(db, reportRow, `${SELECT} WHERE r.group_key = $1 AND ($2::text IS NULL OR r.status = $2)`, [groupKey, status])

/** A report of the tenant (locked for the transaction, with `lock`). */
export const reportById = (db: Queryable, groupKey: string, id: number, lock = false) =>
  maybeOne(db, reportRow, `${SELECT} WHERE r.group_key = $1 AND r.id = $2${lock ? ' FOR UPDATE OF r' : ''}`, [
    groupKey,
    id,
  ])

export interface NewReport {
  groupKey: string
  reference: string
  providerId: number | null
  officeId: number | null
  field: ReportRow['field']
  details: string
  name: string | null
  email: string
  correctBy: Date
  createdAt: Date
}

export async function insertReport(db: Queryable, report: NewReport): Promise<void> {
  await db.query(
    'INSERT INTO directory_reports (group_key, reference, provider_id, office_id, field, details, name, email, correct_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [
      report.groupKey,
      report.reference,
      report.providerId,
      report.officeId,
      report.field,
      report.details,
      report.name,
      report.email,
      report.correctBy,
      report.createdAt,
    ],
  )
}

export async function closeReport(
  tx: Queryable,
  id: number,
  outcome: Exclude<DirectoryReportStatus, 'open'>,
  at: Date,
): Promise<void> {
  await tx.query('UPDATE directory_reports SET status = $2, closed_at = $3 WHERE id = $1', [id, outcome, at])
}

const record = z.record(z.string(), z.unknown())

/** A report's history, the oldest first, each event with its author's address. */
export const reportHistory = (db: Queryable, id: number) =>
  many(
    db,
    z.object({
      kind: z.enum(DIRECTORY_REPORT_EVENT_KINDS),
      at: z.coerce.date(),
      actor: z.nullable(z.string()),
      text: z.string(),
      before: record,
      after: record,
    }),
    `SELECT e.kind, e.at, u.email AS actor, e.text, e.before, e.after
       FROM directory_report_events e LEFT JOIN people u ON u.id = e.actor_id
      WHERE e.report_id = $1 ORDER BY e.at, e.id`,
    [id],
  )

interface ReportEvent {
  reportId: number
  groupKey: string
  at: Date
  actorId: number
  text: string
}

/** The history's event of a correction, with the fields before and after. */
export async function insertCorrectionEvent(
  tx: Queryable,
  event: ReportEvent & { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `INSERT INTO directory_report_events (report_id, group_key, at, actor_id, kind, text, before, after)
       VALUES ($1, $2, $3, $4, 'corrected', $5, $6, $7)`,
    [event.reportId, event.groupKey, event.at, event.actorId, event.text, event.before, event.after],
  )
}

/** The history's event of a report's closing, with its note. */
export async function insertClosingEvent(
  tx: Queryable,
  event: ReportEvent & { kind: Exclude<DirectoryReportStatus, 'open'> },
): Promise<void> {
  await tx.query(
    `INSERT INTO directory_report_events (report_id, group_key, at, actor_id, kind, text) VALUES ($1, $2, $3, $4, $5, $6)`,
    [event.reportId, event.groupKey, event.at, event.actorId, event.kind, event.text],
  )
}
