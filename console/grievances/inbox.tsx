import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { DataColumn } from '#engine/table'
import { CONTROL } from '#blocks/kit/forms/field.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { GRIEVANCE_STATUSES, type GrievanceStatus } from '#schemas/grievance-deadlines.ts'
import type { staffGrievanceRowSchema } from '#schemas/api/grievances.ts'
import type { z } from '#schemas/engine/zod.ts'
import { contractUrl } from '#schemas/engine/contract.ts'
import { staffGrievancesApi } from '#schemas/api/grievances.console.routes.ts'
import { useAddressFilters } from '../frame/address-filters.ts'
import { useScreenQuery } from '../frame/data.ts'
import { CheckFilter, FilterForm, SelectFilter } from '../frame/filter-form.tsx'
import { ListScreen, listState } from '../frame/list-screen.tsx'
import { day } from '../frame/page.tsx'
import { CATEGORY_LABELS, clockText, Flags, STATUS_LABELS, type Clock } from './labels.tsx'
import { grievancesQuery } from './queries.ts'

type Row = z.output<typeof staffGrievanceRowSchema>

/** A clock in a cell: its date, and how close it is (overdue in words and weight, not colour alone). */
function ClockCell({ clock }: { clock: Clock }) {
  return (
    <span className="flex flex-col">
      <span>{day(clock.by)}</span>
      <span className={clock.overdue ? 'font-semibold text-red-800' : 'text-slate-700'}>{clockText(clock)}</span>
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
function recentQuarters(now: Date, count = 8): string[] {
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
    <Card padding="md" className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Quarter
        <select className={CONTROL} value={quarter} onChange={(event) => setQuarter(event.target.value)}>
          {quarters.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </select>
      </label>
      <a className="cs-link" href={contractUrl(staffGrievancesApi.grievancesReport, { query: { quarter } })} download>
        Export the quarter&rsquo;s grievances as CSV (DMHC report)
      </a>
    </Card>
  )
}

/** The grievances inbox: nearest deadline first, filtered by status, urgent and overdue (kept in the address). */
export default function GrievanceInbox() {
  const [filters, set] = useAddressFilters(filtersOf)
  // The rows shown stay until the new filter's arrive: nothing jumps while it loads.
  const list = useScreenQuery(grievancesQuery(filters), { placeholderData: keepPreviousData })

  return (
    <ListScreen
      title="Grievances"
      state={listState(list)}
      rows={list.data?.grievances}
      words={{
        loading: 'Loading the grievances…',
        failed: 'The grievances',
        one: 'grievance',
        many: 'grievances',
      }}
      table={{
        name: 'grievances',
        caption: 'Grievances, nearest deadline first',
        minWidth: 'min-w-[48rem]',
        columns: INBOX_COLUMNS,
        rowClassName: (row) =>
          row.overdue ? 'border-l-4 border-l-red-700 bg-red-50/60' : row.urgent ? 'border-l-4 border-l-amber-600' : '',
      }}
    >
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
    </ListScreen>
  )
}
