import type { FileAnswer } from '#schemas/api/files.ts'
import { csvText } from '#schemas/csv.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { Database } from '../../platform/db/database.ts'
import { NotFound } from '../../platform/errors.ts'
import { day } from '../../platform/dates/day.ts'
import { audit, type Actor } from '../staff/index.ts'
import { STAFF_GRIEVANCE_NOT_FOUND } from './staff-grievances.ts'
import { grievanceOfTenant, grievancesFiledBetween } from './grievance-store.ts'
import { attachmentAt } from './grievance-detail-store.ts'

/** What the grievances' files work with (the API's context has it all). */
export interface GrievanceExportDeps {
  db: Database
  tenant: Tenant
  now: () => Date
}

const DAY_MS = 86_400_000
const text = (value: string | null) => value ?? ''

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
export async function grievancesCsv(deps: GrievanceExportDeps, actor: Actor, quarter: string): Promise<FileAnswer> {
  const { tenant } = deps
  const { from, to } = quarterPeriod(quarter)
  const now = deps.now()
  const rows = await grievancesFiledBetween(deps.db, tenant.groupKey, from, to)
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
  deps: GrievanceExportDeps,
  actor: Actor,
  grievanceId: number,
  index: number,
): Promise<FileAnswer> {
  const { tenant } = deps
  const grievance = await grievanceOfTenant(deps.db, tenant.groupKey, grievanceId)
  if (!grievance) throw new NotFound(STAFF_GRIEVANCE_NOT_FOUND)
  const file = await attachmentAt(deps.db, grievanceId, index)
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
