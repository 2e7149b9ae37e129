import { useQuery } from '@tanstack/react-query'
import { formatPath } from '#schemas/engine/validation-error.ts'
import { api } from './api.ts'

/**
 * Tells content managers when published content can no longer be shown (its stored content does
 * not parse, as after a change of the content schema): which version failed and why, and which
 * version the site shows instead. Nothing when all is well.
 */
export function PublishedFault() {
  const versions = useQuery({ queryKey: ['versions'], queryFn: api.versions })
  const fault = versions.data?.published
  if (!fault || fault.failed.length === 0) return null
  const names = fault.failed.map((version) => `#${version.id}`).join(', ')
  return (
    <section
      aria-labelledby="published-fault-title"
      className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-950"
    >
      <h2 id="published-fault-title" className="font-semibold">
        Published {fault.failed.length === 1 ? 'version' : 'versions'} {names} cannot be shown
      </h2>
      <p>
        {fault.servedVersion === null
          ? 'No published version of this site’s content can be shown.'
          : `The site shows version #${fault.servedVersion}, the newest that can be. `}
        Fix the draft and publish it again.
      </p>
      {fault.failed.map((version) => (
        <div key={version.id}>
          <h3 className="mt-1 font-semibold">Version #{version.id}</h3>
          <ul className="list-disc pl-5">
            {version.issues.map((issue) => (
              <li key={`${formatPath(issue.path)}:${issue.message}`}>
                <span className="font-mono">{formatPath(issue.path) || '(the content)'}</span>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
