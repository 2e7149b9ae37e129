import { z } from '#schemas/engine/zod.ts'
import type { FileAnswer } from '#schemas/api/files.ts'
import { csvText } from '#schemas/csv.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { many, type Database } from '../../platform/db/database.ts'
import { audit } from './audit.ts'
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
