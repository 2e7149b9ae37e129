import { useQuery } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '#engine/table'
import { api } from './api.ts'

type Group = Awaited<ReturnType<typeof api.cspReports>>['groups'][number]

const COLUMNS: DataColumn<Group>[] = [
  {
    header: 'Page',
    cell: (group) => group.path,
    rowHeader: true,
    className: 'p-2',
    cellClassName: 'font-mono font-normal',
  },
  { header: 'Directive', cell: (group) => group.directive, className: 'p-2', cellClassName: 'font-mono' },
  {
    header: 'Blocked',
    cell: (group) => (
      <>
        {group.blockedUrl || 'inline'}
        {group.sample && <span className="block text-slate-700">{group.sample}</span>}
      </>
    ),
    className: 'p-2',
    cellClassName: 'font-mono break-all',
  },
  { header: 'Times', cell: (group) => group.count, className: 'p-2' },
  { header: 'Last seen', cell: (group) => new Date(group.lastSeen).toLocaleString('en-US'), className: 'p-2' },
]

/**
 * What the site's Content-Security-Policy blocked in visitors' browsers, as they reported it: a
 * script that got into content past the sanitiser, or a part of the site the policy breaks. Either
 * is for a developer to look at; none is expected.
 */
export function CspReports({ days }: { days: number }) {
  const reports = useQuery({ queryKey: ['csp-reports', days], queryFn: () => api.cspReports(days) })
  const groups = reports.data?.groups
  return (
    <section aria-labelledby="csp-reports-heading" className="flex flex-col gap-2">
      <h2 id="csp-reports-heading" className="font-semibold">
        Blocked by the Content-Security-Policy
      </h2>
      {reports.error && (
        <p role="alert" className="rounded bg-red-50 p-2 text-red-900">
          The reports could not be loaded: {reports.error.message}
        </p>
      )}
      {groups && groups.length === 0 && <p className="text-sm text-slate-700">Nothing was blocked in this period.</p>}
      {groups && groups.length > 0 && (
        <DataTable
          className="w-full border-collapse bg-white text-left text-sm"
          caption="Each is a script or frame a visitor’s browser refused to run. Tell a developer: content may hold a script, or a part of the site needs the policy changed."
          captionClassName="mb-2 text-left text-slate-700"
          columns={COLUMNS}
          rows={groups}
          rowKey={(group) => `${group.path} ${group.directive} ${group.blockedUrl}`}
          headRowClassName="border-b"
          rowClassName="border-b border-slate-100"
        />
      )}
    </section>
  )
}
