import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { useAddressFilters } from './address-filters.ts'
import { CheckFilter, FilterForm, SelectFilter } from './filter-form.tsx'
import { DataTable, type DataColumn } from '#engine/table'
import {
  DIRECTORY_REPORT_STATUSES,
  type DirectoryReportStatus,
  type staffDirectoryReportRowSchema,
} from '#schemas/api/staff-directory-reports.ts'
import type { z } from '#schemas/engine/zod.ts'
import { api } from './api.ts'
import { day, LoadFailed, PageTitle } from './page.tsx'

type Row = z.output<typeof staffDirectoryReportRowSchema>

export const REPORT_STATUS_LABELS: Record<DirectoryReportStatus, string> = {
  open: 'Open',
  verified: 'Verified',
  'not-confirmed': 'Not confirmed',
}
export const REPORT_FIELD_LABELS: Record<Row['field'], string> = {
  name: 'Name',
  'address-or-phone': 'Address or phone',
  specialty: 'Specialty',
  'accepting-new-patients': 'Accepting new patients',
  languages: 'Languages',
  accessibility: 'Accessibility',
  'licence-or-npi': 'Licence or NPI',
  other: 'Other',
}

const businessDays = (count: number) => `${count} business ${count === 1 ? 'day' : 'days'}`

/** The §1367.27(e) clock in words: closed, overdue, due today, or the business days left. */
export function dueText(due: Row['due']): string {
  if (due.doneAt) return `Closed ${day(due.doneAt)}`
  if (due.overdue) return due.daysLeft < 0 ? `Overdue by ${businessDays(-due.daysLeft)}` : 'Overdue'
  if (due.daysLeft === 0) return 'Due today'
  return `${businessDays(due.daysLeft)} left`
}

function DueCell({ due }: { due: Row['due'] }) {
  return (
    <span className="flex flex-col">
      <span>{day(due.by)}</span>
      <span className={due.overdue ? 'font-semibold text-red-800' : 'text-slate-700'}>
        {due.overdue && <span aria-hidden="true">! </span>}
        {dueText(due)}
      </span>
    </span>
  )
}

const filtersOf = (params: URLSearchParams) => {
  const status = params.get('status')
  return {
    ...(DIRECTORY_REPORT_STATUSES.includes(status as DirectoryReportStatus)
      ? { status: status as DirectoryReportStatus }
      : {}),
    ...(params.get('overdue') === 'true' ? { overdue: 'true' as const } : {}),
  }
}

const COLUMNS: DataColumn<Row>[] = [
  {
    header: 'Reference',
    rowHeader: true,
    className: 'p-2',
    cell: (row) => (
      <Link className="cs-link font-medium" to={`/directory-reports/${row.id}`}>
        {row.reference}
      </Link>
    ),
  },
  { header: 'Filed', className: 'p-2', cell: (row) => day(row.filedAt) },
  { header: 'About', className: 'p-2', cell: (row) => row.about },
  { header: 'Reported as wrong', className: 'p-2', cell: (row) => REPORT_FIELD_LABELS[row.field] },
  { header: 'Status', className: 'p-2', cell: (row) => REPORT_STATUS_LABELS[row.status] },
  { header: 'Correct by', className: 'p-2', cell: (row) => <DueCell due={row.due} /> },
]

/** Directory reports: open ones first, nearest due date first; by status and overdue (kept in the address). */
export function DirectoryReports() {
  const [filters, set] = useAddressFilters(filtersOf)
  const list = useQuery({ queryKey: ['directory-reports', filters], queryFn: () => api.directoryReports(filters) })

  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Directory reports</PageTitle>
      <p className="text-sm text-slate-700">
        Each report is investigated and the directory corrected within 30 business days of filing (Health and Safety
        Code §1367.27(e)); business days are Monday to Friday.
      </p>
      <FilterForm>
        <SelectFilter
          label="Status"
          every="Every status"
          value={filters.status}
          options={DIRECTORY_REPORT_STATUSES}
          labels={REPORT_STATUS_LABELS}
          onChange={(value) => set('status', value)}
        />
        <CheckFilter
          label="Overdue only"
          checked={filters.overdue === 'true'}
          onChange={(value) => set('overdue', value)}
        />
      </FilterForm>
      {list.isPending && <p>Loading the reports…</p>}
      {list.error && <LoadFailed what="The reports" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {list.data.reports.length === 1 ? '1 report' : `${list.data.reports.length} reports`}
          </p>
          {list.data.reports.length > 0 && (
            <div
              role="region"
              aria-labelledby="reports-caption"
              tabIndex={0}
              className="overflow-x-auto rounded border border-slate-300 bg-white"
            >
              <DataTable
                caption="Directory reports, nearest due date first"
                captionId="reports-caption"
                className="w-full min-w-[48rem] text-left text-sm"
                headClassName="bg-slate-100"
                rowClassName={(row) =>
                  `border-t border-slate-200 ${row.due.overdue ? 'border-l-4 border-l-red-700 bg-red-50/60' : ''}`
                }
                rowKey={(row) => row.id}
                rows={list.data.reports}
                columns={COLUMNS}
              />
            </div>
          )}
        </>
      )}
    </section>
  )
}
