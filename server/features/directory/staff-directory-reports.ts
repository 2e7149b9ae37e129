import type { z } from '#schemas/engine/zod.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type {
  DirectoryCorrection,
  DirectoryReportStatus,
  OfficeCorrection,
  ProviderCorrection,
  StaffDirectoryReportDetail,
  staffDirectoryReportFiltersSchema,
} from '#schemas/api/directory.ts'
import { json, type Database, type Param, type Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { businessDaysLeft } from '../../platform/dates/business-days.ts'
import { providerFields, toOffice } from './catalog.ts'
import { REPORTED_FIELDS } from './directory-reports.ts'
import { officeRecordById, providerRecordById, updateRecord, type Columns } from './office-store.ts'
import {
  closeReport,
  insertClosingEvent,
  insertCorrectionEvent,
  reportById,
  reportHistory,
  reportsOf,
  type ReportRow,
} from './report-store.ts'
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts'
import { zipCentroid } from './geo.ts'
import { day } from '../../platform/dates/day.ts'
import type { Actor } from '../staff/index.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'

export interface StaffDirectoryDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  mailer: Mailer
}

export const DIRECTORY_REPORT_NOT_FOUND = 'No such directory report'

const about = (row: ReportRow) => (row.provider_name ? `${row.provider_name} at ${row.office_name}` : row.office_name)

function rowOf(row: ReportRow, now: Date) {
  return {
    id: row.id,
    reference: row.reference,
    filedAt: row.created_at.toISOString(),
    status: row.status,
    field: row.field,
    about: about(row),
    due: {
      by: row.correct_by.toISOString(),
      doneAt: row.closed_at?.toISOString() ?? null,
      daysLeft: businessDaysLeft(now, row.correct_by),
      overdue: row.status === 'open' && row.correct_by.getTime() < now.getTime(),
    },
  }
}

export async function listDirectoryReports(
  deps: Pick<StaffDirectoryDeps, 'db' | 'tenant' | 'now'>,
  filters: z.output<typeof staffDirectoryReportFiltersSchema>,
) {
  const now = deps.now()
  const rows = await reportsOf(deps.db, deps.tenant.groupKey, filters.status ?? null)
  return rows
    .map((row) => rowOf(row, now))
    .filter((row) => filters.overdue === undefined || row.due.overdue === (filters.overdue === 'true'))
    .sort((a, b) => {
      // Open reports first, the nearest due date first; then the closed ones, the latest closed first.
      const [openA, openB] = [a.status === 'open', b.status === 'open']
      if (openA !== openB) return openA ? -1 : 1
      if (openA) return a.due.by.localeCompare(b.due.by) || a.id - b.id
      return (b.due.doneAt ?? '').localeCompare(a.due.doneAt ?? '') || b.id - a.id
    })
}

async function find(db: Queryable, groupKey: string, id: number, lock = false): Promise<ReportRow> {
  // Another tenant's report is as missing as one that does not exist.
  const row = await reportById(db, groupKey, id, lock)
  if (!row) throw new NotFound(DIRECTORY_REPORT_NOT_FOUND)
  return row
}

async function officeRecord(db: Queryable, groupKey: string, id: number) {
  const row = await officeRecordById(db, groupKey, id)
  return { ...toOffice(row), updatedAt: row.updated_at.toISOString() }
}

async function providerRecord(db: Queryable, groupKey: string, id: number) {
  const row = await providerRecordById(db, groupKey, id)
  return {
    ...providerFields(row),
    listed: row.npi !== null && row.license_number !== null,
    updatedAt: row.updated_at.toISOString(),
  }
}
type OfficeRecord = Awaited<ReturnType<typeof officeRecord>>

export async function directoryReportDetail(
  deps: Pick<StaffDirectoryDeps, 'db' | 'tenant' | 'now'>,
  id: number,
): Promise<StaffDirectoryReportDetail> {
  const { groupKey } = deps.tenant
  const row = await find(deps.db, groupKey, id)
  const history = await reportHistory(deps.db, id)
  return {
    ...rowOf(row, deps.now()),
    details: row.details,
    name: row.name,
    email: row.email,
    office: await officeRecord(deps.db, groupKey, row.office_id),
    provider: row.provider_id === null ? null : await providerRecord(deps.db, groupKey, row.provider_id),
    history: history.map((event) => ({ ...event, at: event.at.toISOString() })),
  }
}

function officeColumns(change: OfficeCorrection, current: OfficeRecord): Columns {
  const columns: Columns = []
  if (change.name !== undefined) columns.push(['name', change.name])
  if (change.address) {
    const { line, city, state, zip } = change.address
    columns.push(['address_line', line], ['city', city], ['state', state], ['zip', zip])
    // The radius search measures from the office's point: a new ZIP puts it at that ZIP's centre, as the seed does.
    if (zip !== current.address.zip) {
      const centre = zipCentroid(zip)
      if (!centre)
        throw new Invalid(`We do not know the ZIP code ${zip}`, [
          { path: ['body', 'office', 'address', 'zip'], message: `We do not know the ZIP code ${zip}` },
        ])
      columns.push(['latitude', centre.latitude], ['longitude', centre.longitude])
    }
  }
  if (change.phone !== undefined) columns.push(['phone', change.phone])
  if (change.hours !== undefined) columns.push(['hours', json(change.hours)])
  if (change.acceptingNewPatients !== undefined) columns.push(['accepting_new_patients', change.acceptingNewPatients])
  if (change.accessibility !== undefined) columns.push(['accessibility', change.accessibility])
  if (change.staffLanguages !== undefined) columns.push(['staff_languages', change.staffLanguages])
  return columns
}

const PROVIDER_COLUMNS = {
  name: 'name',
  providerType: 'provider_type',
  specialty: 'specialty',
  npi: 'npi',
  licenseNumber: 'license_number',
  boardCertification: 'board_certification',
  patientAges: 'patient_ages',
  groupAffiliation: 'group_affiliation',
  languages: 'languages',
  acceptingNewPatients: 'accepting_new_patients',
} as const satisfies Record<keyof ProviderCorrection, string>

const providerColumns = (change: ProviderCorrection): Columns =>
  Object.entries(PROVIDER_COLUMNS).flatMap(([field, column]) => {
    const value = change[field as keyof ProviderCorrection]
    return value === undefined ? [] : [[column, value] as [string, Param]]
  })

/** The fields a correction names, as the record had them. */
const fieldsOf = <T extends object>(current: T, change: object) =>
  Object.fromEntries(Object.keys(change).map((field) => [field, current[field as keyof T]]))

/**
 * Corrects the directory record an open report is about: the office's fields, the provider's (when
 * the report names one). The office's `updated_at` (and the provider's, when corrected) moves to
 * now, so the directory's "last updated" follows. One history event and one audit entry, with the
 * fields before and after, in the same transaction.
 */
export async function correctDirectoryRecord(
  deps: StaffDirectoryDeps,
  actor: Actor,
  id: number,
  body: DirectoryCorrection,
) {
  const { groupKey } = deps.tenant
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const row = await find(tx, groupKey, id, true)
    if (row.status !== 'open') throw new Conflict('This report is closed: its record is corrected no more through it.')
    if (body.provider && row.provider_id === null)
      throw new Invalid('This report names no provider', [
        { path: ['body', 'provider'], message: 'This report is about an office: correct the office' },
      ])
    const office = await officeRecord(tx, groupKey, row.office_id)
    const provider =
      body.provider && row.provider_id !== null ? await providerRecord(tx, groupKey, row.provider_id) : null
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    await updateRecord(tx, 'offices', office.id, body.office ? officeColumns(body.office, office) : [], now)
    if (body.office) {
      before.office = fieldsOf(office, body.office)
      after.office = body.office
    }
    if (body.provider && provider) {
      await updateRecord(tx, 'providers', provider.id, providerColumns(body.provider), now)
      before.provider = fieldsOf(provider, body.provider)
      after.provider = body.provider
    }
    await insertCorrectionEvent(tx, {
      reportId: id,
      groupKey,
      at: now,
      actorId: actor.id,
      text: body.reason,
      before,
      after,
    })
    await audit.record(tx, {
      groupKey,
      actorId: actor.id,
      action: 'directory.correct',
      subject: `directory-report:${id}`,
      reason: body.reason,
      before,
      after,
      address: actor.address,
    })
  })
  return directoryReportDetail(deps, id)
}

const OUTCOMES = {
  verified: 'We confirmed that our directory was wrong, and we have corrected it.',
  'not-confirmed': 'We could not confirm that our directory was wrong, so it stays as it is.',
} as const satisfies Record<Exclude<DirectoryReportStatus, 'open'>, string>

/**
 * Closes an open report as verified or not confirmed (409 once closed): the note is kept in the
 * history and mailed to the reporter with the outcome, with one audit entry, in one transaction.
 */
export async function closeDirectoryReport(
  deps: StaffDirectoryDeps,
  actor: Actor,
  id: number,
  outcome: keyof typeof OUTCOMES,
  note: string,
) {
  const { tenant } = deps
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const row = await find(tx, tenant.groupKey, id, true)
    if (row.status !== 'open') throw new Conflict('This report is already closed.')
    await closeReport(tx, id, outcome, now)
    await insertClosingEvent(tx, {
      reportId: id,
      groupKey: tenant.groupKey,
      at: now,
      actorId: actor.id,
      kind: outcome,
      text: note,
    })
    await deps.mailer.send(
      {
        groupKey: tenant.groupKey,
        to: row.email,
        subject: `Directory report ${row.reference}: our answer`,
        // The reporter's own words are not repeated: the address was never verified.
        text:
          `Hello,\n\nOn ${day(row.created_at)} you told us that our provider directory may be wrong about ` +
          `${REPORTED_FIELDS[row.field]} of ${about(row)} (reference ${row.reference}). ${OUTCOMES[outcome]}\n\n` +
          `${note}\n\nThank you for helping us keep the directory right.\n\n${tenant.companyName}`,
      },
      tx,
    )
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: actor.id,
      action: outcome === 'verified' ? 'directory.verify' : 'directory.not_confirmed',
      subject: `directory-report:${id}`,
      reason: note,
      before: { status: row.status },
      after: { status: outcome },
      address: actor.address,
    })
  })
  return directoryReportDetail(deps, id)
}
