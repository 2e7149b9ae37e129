import { useState, type SyntheticEvent } from 'react'
import { apiQuery } from '#engine'
import type { DataColumn } from '#engine/table'
import { CONTROL } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffAuditApi, staffExportsApi } from '#schemas/api/staff.console.routes.ts'
import type { AuditEvent } from '#schemas/api/staff.ts'
import { contractUrl } from '#schemas/engine/contract.ts'
import { useScreenPages } from '../frame/data.ts'
import { ListScreen, listState } from '../frame/list-screen.tsx'
import { moment } from '../frame/page.tsx'

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '')

const COLUMNS: DataColumn<AuditEvent>[] = [
  { header: 'When', rowHeader: true, className: 'p-2 whitespace-nowrap', cell: (row) => moment(row.at) },
  { header: 'Who', className: 'p-2', cell: (row) => row.actor ?? 'Unknown' },
  { header: 'What', className: 'p-2 font-mono text-xs', cell: (row) => row.action },
  { header: 'Subject', className: 'p-2 font-mono text-xs', cell: (row) => row.subject ?? '' },
  { header: 'Reason', className: 'p-2', cell: (row) => row.reason ?? '' },
  { header: 'Before', className: 'p-2 font-mono text-xs break-all', cell: (row) => json(row.before) },
  { header: 'After', className: 'p-2 font-mono text-xs break-all', cell: (row) => json(row.after) },
]

interface Filters {
  from: string
  to: string
  action: string
}
const queryOf = (filters: Filters) => ({
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.action ? { action: filters.action } : {}),
})

/** The audit trail (administrators): newest first, by period and action, a page at a time, and its CSV export. */
export default function AuditScreen() {
  const [draft, setDraft] = useState<Filters>({ from: '', to: '', action: '' })
  const [filters, setFilters] = useState<Filters>(draft)
  const trail = useScreenPages(
    (before: number | undefined) =>
      apiQuery(staffAuditApi.audit, { query: { ...queryOf(filters), ...(before === undefined ? {} : { before }) } }),
    (page) => page.next ?? undefined,
  )
  const exportQuery = { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) }
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFilters(draft)
  }
  const input = (name: keyof Filters, label: string, type: string, hint?: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        className={CONTROL}
        type={type}
        value={draft[name]}
        {...(hint ? { placeholder: hint } : {})}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  )
  return (
    <ListScreen
      title="Audit trail"
      state={listState(trail)}
      rows={trail.data?.pages.flatMap((page) => page.entries)}
      words={{ loading: 'Loading the audit trail…', failed: 'The audit trail', one: 'entry', many: 'entries' }}
      status={trail.hasNextPage ? ' shown, more to load' : ''}
      table={{
        name: 'audit',
        caption: 'The audit trail, newest first',
        minWidth: 'min-w-[56rem]',
        columns: COLUMNS,
        rowClassName: () => 'align-top',
      }}
      after={
        trail.hasNextPage && (
          <div>
            <Button variant="outline" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
              {trail.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
            </Button>
          </div>
        )
      }
    >
      <Card as="form" padding="md" aria-label="Filters" className="flex flex-wrap items-end gap-4" onSubmit={submit}>
        {input('from', 'From (included)', 'date')}
        {input('to', 'To (excluded)', 'date')}
        {input('action', 'Action or kind', 'text', 'staff. or grievance.resolve')}
        <Button variant="primary" type="submit">
          Show
        </Button>
        <a className="cs-link" href={contractUrl(staffExportsApi.auditExport, { query: exportQuery })} download>
          Export this period as CSV
        </a>
      </Card>
    </ListScreen>
  )
}
