import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

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
        <table className="w-full border-collapse bg-white text-left text-sm">
          <caption className="mb-2 text-left text-slate-700">
            Each is a script or frame a visitor’s browser refused to run. Tell a developer: content may hold a script,
            or a part of the site needs the policy changed.
          </caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                Page
              </th>
              <th scope="col" className="p-2">
                Directive
              </th>
              <th scope="col" className="p-2">
                Blocked
              </th>
              <th scope="col" className="p-2">
                Times
              </th>
              <th scope="col" className="p-2">
                Last seen
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={`${group.path} ${group.directive} ${group.blockedUrl}`} className="border-b border-slate-100">
                <th scope="row" className="p-2 font-mono font-normal">
                  {group.path}
                </th>
                <td className="p-2 font-mono">{group.directive}</td>
                <td className="p-2 font-mono break-all">
                  {group.blockedUrl || 'inline'}
                  {group.sample && <span className="block text-slate-700">{group.sample}</span>}
                </td>
                <td className="p-2">{group.count}</td>
                <td className="p-2">{new Date(group.lastSeen).toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
