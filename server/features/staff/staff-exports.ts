import type { FileAnswer } from '#schemas/api/files.ts'
import { csvText } from '#schemas/csv.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { Database } from '../../platform/db/database.ts'
import { audit } from './audit.ts'
import { auditEventsOldestFirst } from './audit-store.ts'
import { Invalid } from '../../platform/errors.ts'
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
  const rows = await auditEventsOldestFirst(
    deps.db,
    tenant.groupKey,
    { from: period.from ?? null, to: period.to ?? null },
    EXPORT_MAX_ROWS + 1,
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
