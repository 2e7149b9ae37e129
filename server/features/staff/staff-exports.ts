import { z } from '#schemas/engine/zod.ts'
import type { FileAnswer } from '#schemas/api/files.ts'
import { grievanceCategories } from '#schemas/api/support.ts'
import { GRIEVANCE_STATUSES } from '#schemas/grievance-deadlines.ts'
import { csvText } from '#schemas/csv.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { many, maybeOne, type Database } from '../../platform/db/database.ts'
import { audit } from './audit.ts'
import { Invalid, NotFound } from '../../platform/errors.ts'
import { STAFF_GRIEVANCE_NOT_FOUND } from '../grievances/index.ts'
import { day } from '../../platform/dates/day.ts'
import type { Actor } from './audit.ts'

/** What the exports work with (the API's context has it all). */
export interface StaffExportDeps {
  db: Database
  tenant: Tenant
  now: () => Date
}

/** The most rows one export holds: a longer period is refused, to be exported in parts. */
export const EXPORT_MAX_ROWS = 100_000
const DAY_MS = 86_400_000

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value))
const text = (value: string | null) => value ?? ''

/**
 * The tenant's audit trail in a period (days `from`, included, `to`, excluded), oldest first, as
 * CSV. The export is itself an entry of the trail: who took which period.
 */
export async function auditCsv(
  deps: StaffExportDeps,
  actor: Actor,
  period: { from?: string | undefined; to?: string | undefined },
): Promise<FileAnswer> {
  const { tenant } = deps
  const rows = await many(
    deps.db,
    z.object({
      id: z.coerce.number(),
      at: z.coerce.date(),
      actor: z.nullable(z.string()),
      action: z.string(),
      subject: z.nullable(z.string()),
      reason: z.nullable(z.string()),
      before: z.unknown(),
      after: z.unknown(),
      address: z.nullable(z.string()),
    }),
    `SELECT e.id, e.at, u.email AS actor, e.action, e.subject, e.reason, e.before, e.after, e.address
       FROM audit_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.group_key = $1 AND ($2::date IS NULL OR e.at >= $2::date) AND ($3::date IS NULL OR e.at < $3::date)
      ORDER BY e.id LIMIT $4`,
    [tenant.groupKey, period.from ?? null, period.to ?? null, EXPORT_MAX_ROWS + 1],
  )
  if (rows.length > EXPORT_MAX_ROWS)
    throw new Invalid(`More than ${EXPORT_MAX_ROWS} entries: export a shorter period`, [
      { path: ['query', 'to'], message: 'Export a shorter period' },
    ])
  await audit.record(deps.db, {
    groupKey: tenant.groupKey,
    actorId: actor.id,
    action: 'audit.exported',
    after: { from: period.from ?? null, to: period.to ?? null, entries: rows.length },
    address: actor.address,
  })
  return {
    name: `audit-${tenant.groupKey}-${period.from ?? 'start'}-to-${period.to ?? day(deps.now())}.csv`,
    contentType: 'text/csv',
    body: csvText([
      ['Id', 'At', 'Actor', 'Action', 'Subject', 'Reason', 'Before', 'After', 'Address'],
      ...rows.map((row) => [
        String(row.id),
        row.at.toISOString(),
        text(row.actor),
        row.action,
        text(row.subject),
        text(row.reason),
        json(row.before),
        json(row.after),
        text(row.address),
      ]),
    ]),
  }
}

/** A quarter's first day and the next quarter's (UTC): `2026-Q1` is 2026-01-01 to 2026-04-01. */
export function quarterPeriod(quarter: string): { from: Date; to: Date } {
  const [year, q] = [Number(quarter.slice(0, 4)), Number(quarter.slice(6))]
  return { from: new Date(Date.UTC(year, (q - 1) * 3, 1)), to: new Date(Date.UTC(year, q * 3, 1)) }
}

/** Calendar days (UTC) between two moments, as the grievance clocks count them. */
const calendarDays = (from: Date, to: Date) =>
  Math.round(
    (Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) -
      Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) /
      DAY_MS,
  )

const optionalDay = (value: Date | null) => (value ? day(value) : '')

/**
 * The grievances filed in a quarter, as the DMHC's quarterly report counts them: each one's
 * category, urgency, dates (filed, acknowledged, resolved, closed, and the legal due dates), its
 * outcome (status and the written resolution) and its days open (to its resolution, or to today
 * while open). Nothing the member wrote about themselves: no name, address or description.
 */
export async function grievancesCsv(deps: StaffExportDeps, actor: Actor, quarter: string): Promise<FileAnswer> {
  const { tenant } = deps
  const { from, to } = quarterPeriod(quarter)
  const now = deps.now()
  const rows = await many(
    deps.db,
    z.object({
      reference: z.string(),
      category: z.enum(grievanceCategories),
      urgent: z.boolean(),
      status: z.enum(GRIEVANCE_STATUSES),
      created_at: z.coerce.date(),
      acknowledge_by: z.coerce.date(),
      acknowledged_at: z.nullable(z.coerce.date()),
      resolve_by: z.coerce.date(),
      resolved_at: z.nullable(z.coerce.date()),
      closed_at: z.nullable(z.coerce.date()),
      resolution: z.nullable(z.string()),
    }),
    `SELECT g.reference, g.category, g.urgent, g.status, g.created_at, g.acknowledge_by, g.acknowledged_at,
            g.resolve_by, g.resolved_at, g.closed_at,
            (SELECT r.body FROM grievance_responses r WHERE r.grievance_id = g.id AND r.kind = 'resolution'
              ORDER BY r.sent_at DESC, r.id DESC LIMIT 1) AS resolution
       FROM grievances g
      WHERE g.group_key = $1 AND g.created_at >= $2 AND g.created_at < $3
      ORDER BY g.created_at, g.id`,
    [tenant.groupKey, from, to],
  )
  await audit.record(deps.db, {
    groupKey: tenant.groupKey,
    actorId: actor.id,
    action: 'grievance.exported',
    subject: `quarter:${quarter}`,
    after: { grievances: rows.length },
    address: actor.address,
  })
  const decided = (status: string) => status === 'resolved' || status === 'closed'
  return {
    name: `grievances-${tenant.groupKey}-${quarter}.csv`,
    contentType: 'text/csv',
    body: csvText([
      [
        'Reference',
        'Category',
        'Urgent',
        'Filed',
        'Acknowledge by',
        'Acknowledged',
        'Resolve by',
        'Resolved',
        'Closed',
        'Status',
        'Resolved in time',
        'Resolution',
        'Days open',
      ],
      ...rows.map((row) => [
        row.reference,
        row.category,
        row.urgent ? 'yes' : 'no',
        day(row.created_at),
        day(row.acknowledge_by),
        optionalDay(row.acknowledged_at),
        day(row.resolve_by),
        optionalDay(row.resolved_at),
        optionalDay(row.closed_at),
        row.status,
        row.resolved_at ? (row.resolved_at <= row.resolve_by ? 'yes' : 'no') : '',
        decided(row.status) ? text(row.resolution) : '',
        String(calendarDays(row.created_at, row.resolved_at ?? now)),
      ]),
    ]),
  }
}

/**
 * A file filed with a grievance of the tenant (by its place in the detail's list), with its own
 * type; another tenant's grievance, or a file that is not there, is a 404. Each download is an
 * entry of the audit trail: the files hold personal data.
 */
export async function grievanceAttachment(
  deps: StaffExportDeps,
  actor: Actor,
  grievanceId: number,
  index: number,
): Promise<FileAnswer> {
  const { tenant } = deps
  const grievance = await maybeOne(
    deps.db,
    z.object({ id: z.number() }),
    'SELECT id FROM grievances WHERE group_key = $1 AND id = $2',
    [tenant.groupKey, grievanceId],
  )
  if (!grievance) throw new NotFound(STAFF_GRIEVANCE_NOT_FOUND)
  const file = await maybeOne(
    deps.db,
    z.object({ name: z.string(), content_type: z.string(), data: z.instanceof(Uint8Array) }),
    'SELECT name, content_type, data FROM grievance_attachments WHERE grievance_id = $1 ORDER BY id OFFSET $2 LIMIT 1',
    [grievanceId, index],
  )
  if (!file) throw new NotFound('No such file')
  await audit.record(deps.db, {
    groupKey: tenant.groupKey,
    actorId: actor.id,
    action: 'grievance.attachment_downloaded',
    subject: `grievance:${grievanceId}`,
    after: { file: file.name },
    address: actor.address,
  })
  return { name: file.name, contentType: file.content_type, body: file.data }
}
