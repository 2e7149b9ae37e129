import { Link } from 'react-router-dom'
import type { DataColumn } from '#engine/table'
import {
  DIRECTORY_REPORT_STATUSES,
  type DirectoryReportStatus,
  type staffDirectoryReportRowSchema,
} from '#schemas/api/directory.ts'
import type { z } from '#schemas/engine/zod.ts'
import { useAddressFilters } from '../frame/address-filters.ts'
import { useScreenQuery } from '../frame/data.ts'
import { CheckFilter, FilterForm, SelectFilter } from '../frame/filter-form.tsx'
import { ListScreen, listState } from '../frame/list-screen.tsx'
import { day } from '../frame/page.tsx'
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
    <ListScreen
      title="Directory reports"
      state={listState(list)}
      rows={list.data?.reports}
      words={{ loading: 'Loading the reports…', failed: 'The reports', one: 'report', many: 'reports' }}
      table={{
        name: 'reports',
        caption: 'Directory reports, nearest due date first',
        minWidth: 'min-w-[48rem]',
        columns: COLUMNS,
        rowClassName: (row) => (row.due.overdue ? 'border-l-4 border-l-red-700 bg-red-50/60' : ''),
      }}
    >
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
    </ListScreen>
  )
}
