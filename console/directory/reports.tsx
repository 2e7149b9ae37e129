import { Link } from 'react-router-dom'
import { DataTable, type DataColumn } from '#engine/table'
import {
  DIRECTORY_REPORT_STATUSES,
  type DirectoryReportStatus,
  type staffDirectoryReportRowSchema,
} from '#schemas/api/staff-directory-reports.ts'
import type { z } from '#schemas/engine/zod.ts'
import { useAddressFilters } from '../frame/address-filters.ts'
import { useScreenQuery } from '../frame/data.ts'
import { CheckFilter, FilterForm, SelectFilter } from '../frame/filter-form.tsx'
import { day, LoadFailed, PageTitle } from '../frame/page.tsx'
import { dueText, REPORT_FIELD_LABELS, REPORT_STATUS_LABELS } from './labels.ts'
import { reportsQuery } from './queries.ts'

type Row = z.output<typeof staffDirectoryReportRowSchema>

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
export default function DirectoryReports() {
  const [filters, set] = useAddressFilters(filtersOf)
  const list = useScreenQuery(reportsQuery(filters))

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
