import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useAddressFilters } from './address-filters.ts'
import { CheckFilter, FilterForm, SelectFilter } from './filter-form.tsx'
import { DataTable, type DataColumn } from '#engine/table'
import { GRIEVANCE_STATUSES, type GrievanceStatus } from '#schemas/grievance-deadlines.ts'
import type { staffGrievanceRowSchema } from '#schemas/api/staff-grievances.ts'
import type { z } from '#schemas/engine/zod.ts'
import { contractUrl } from '#schemas/engine/contract.ts'
import { staffExportsApi } from '#schemas/api/staff-exports.routes.ts'
import { api } from './api.ts'
import { day, LoadFailed, PageTitle } from './page.tsx'

type Row = z.output<typeof staffGrievanceRowSchema>
type Clock = Row['acknowledge']

export const STATUS_LABELS: Record<GrievanceStatus, string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  closed: 'Closed',
}
export const CATEGORY_LABELS: Record<Row['category'], string> = {
  'quality-of-care': 'Quality of care',
  billing: 'Billing',
  'access-to-care': 'Access to care',
  'customer-service': 'Customer service',
  other: 'Other',
}

/** How close a legal clock is, in words: done, overdue, due today, or the days left. */
export function clockText(clock: Clock): string {
  if (clock.doneAt) return `Done ${day(clock.doneAt)}`
  if (clock.overdue) return `Overdue by ${-clock.daysLeft || 1} ${-clock.daysLeft > 1 ? 'days' : 'day'}`
  if (clock.daysLeft === 0) return 'Due today'
  return `${clock.daysLeft} ${clock.daysLeft === 1 ? 'day' : 'days'} left`
}

/** A clock in a cell: its date, and how close it is (overdue in words and weight, not colour alone). */
export function ClockCell({ clock }: { clock: Clock }) {
  return (
    <span className="flex flex-col">
      <span>{day(clock.by)}</span>
      <span className={clock.overdue ? 'font-semibold text-red-800' : 'text-slate-700'}>{clockText(clock)}</span>
    </span>
  )
}

/** The flags of a grievance: urgent and overdue, each a word with a mark. */
export function Flags({ urgent, overdue }: { urgent: boolean; overdue: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      {urgent && (
        <span className="rounded border border-amber-700 bg-amber-50 px-1.5 text-xs font-semibold text-amber-900">
          <span aria-hidden="true">⚑ </span>Urgent
        </span>
      )}
      {overdue && (
        <span className="rounded border border-red-700 bg-red-50 px-1.5 text-xs font-semibold text-red-900">
          <span aria-hidden="true">! </span>Overdue
        </span>
      )}
    </span>
  )
}

const filtersOf = (params: URLSearchParams) => {
  const status = params.get('status')
  return {
    ...(GRIEVANCE_STATUSES.includes(status as GrievanceStatus) ? { status: status as GrievanceStatus } : {}),
    ...(params.get('urgent') === 'true' ? { urgent: 'true' as const } : {}),
    ...(params.get('overdue') === 'true' ? { overdue: 'true' as const } : {}),
  }
}

const INBOX_COLUMNS: DataColumn<Row>[] = [
  {
    header: 'Reference',
    rowHeader: true,
    className: 'p-2',
    cell: (row) => (
      <Link className="cs-link font-medium" to={`/grievances/${row.id}`}>
        {row.reference}
      </Link>
    ),
  },
  { header: 'Filed', className: 'p-2', cell: (row) => day(row.filedAt) },
  { header: 'Filed by', className: 'p-2', cell: (row) => row.name },
  { header: 'Category', className: 'p-2', cell: (row) => CATEGORY_LABELS[row.category] },
  { header: 'Status', className: 'p-2', cell: (row) => STATUS_LABELS[row.status] },
  { header: 'Acknowledge by', className: 'p-2', cell: (row) => <ClockCell clock={row.acknowledge} /> },
  { header: 'Resolve by', className: 'p-2', cell: (row) => <ClockCell clock={row.resolve} /> },
  { header: 'Flags', className: 'p-2', cell: (row) => <Flags urgent={row.urgent} overdue={row.overdue} /> },
]

/** The quarters to export: this one and the seven before it, newest first (`2026-Q1`). */
export function recentQuarters(now: Date, count = 8): string[] {
  const current = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3)
  return Array.from({ length: count }, (_, back) => {
    const quarter = current - back
    return `${Math.floor(quarter / 4)}-Q${(quarter % 4) + 1}`
  })
}

/** The quarter's grievances as CSV, for the DMHC's quarterly report: a link, downloaded by the browser. */
function QuarterExport() {
  const quarters = recentQuarters(new Date())
  const [quarter, setQuarter] = useState(quarters[0]!)
  return (
    <div className="flex flex-wrap items-end gap-3 rounded border border-slate-300 bg-white p-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Quarter
        <select className="cs-input" value={quarter} onChange={(event) => setQuarter(event.target.value)}>
          {quarters.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </select>
      </label>
      <a className="cs-link" href={contractUrl(staffExportsApi.grievancesReport, { query: { quarter } })} download>
        Export the quarter&rsquo;s grievances as CSV (DMHC report)
      </a>
    </div>
  )
}

/** The grievances inbox: nearest deadline first, filtered by status, urgent and overdue (kept in the address). */
export function GrievanceInbox() {
  const [filters, set] = useAddressFilters(filtersOf)
  // The rows shown stay until the new filter's arrive: nothing jumps while it loads.
  const list = useQuery({
    queryKey: ['grievances', filters],
    queryFn: () => api.grievances(filters),
    placeholderData: keepPreviousData,
  })

  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Grievances</PageTitle>
      <FilterForm>
        <SelectFilter
          label="Status"
          every="Every status"
          value={filters.status}
          options={GRIEVANCE_STATUSES}
          labels={STATUS_LABELS}
          onChange={(value) => set('status', value)}
        />
        <CheckFilter
          label="Urgent only"
          checked={filters.urgent === 'true'}
          onChange={(value) => set('urgent', value)}
        />
        <CheckFilter
          label="Overdue only"
          checked={filters.overdue === 'true'}
          onChange={(value) => set('overdue', value)}
        />
      </FilterForm>
      <QuarterExport />
      {list.isPending && <p>Loading the grievances…</p>}
      {list.error && <LoadFailed what="The grievances" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {list.data.grievances.length === 1 ? '1 grievance' : `${list.data.grievances.length} grievances`}
          </p>
          {list.data.grievances.length > 0 && (
            <div
              role="region"
              aria-labelledby="grievances-caption"
              tabIndex={0}
              className="overflow-x-auto rounded border border-slate-300 bg-white"
            >
              <DataTable
                caption="Grievances, nearest deadline first"
                captionId="grievances-caption"
                className="w-full min-w-[48rem] text-left text-sm"
                headClassName="bg-slate-100"
                rowClassName={(row) =>
                  `border-t border-slate-200 ${row.overdue ? 'border-l-4 border-l-red-700 bg-red-50/60' : row.urgent ? 'border-l-4 border-l-amber-600' : ''}`
                }
                rowKey={(row) => row.id}
                rows={list.data.grievances}
                columns={INBOX_COLUMNS}
              />
            </div>
          )}
        </>
      )}
    </section>
  )
}
