import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Dialog } from '#engine/dialog'
import { contentOverrides } from '#schemas/content-layers.ts'
import { formatPath } from '#schemas/engine/validation-error.ts'
import { api } from './api.ts'

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value))

/** Published versions (who, when, note); compare one with the draft field by field; restore one into the draft. */
export function History({
  open,
  onClose,
  draft,
  onRestore,
}: {
  open: boolean
  onClose: () => void
  draft: unknown
  onRestore: (id: number) => void
}) {
  const versions = useQuery({ queryKey: ['versions'], queryFn: api.versions, enabled: open })
  const [comparing, setComparing] = useState<number>()
  const version = useQuery({
    queryKey: ['version', comparing],
    queryFn: () => api.version(comparing!),
    enabled: comparing !== undefined,
  })
  const differences = version.data ? contentOverrides(version.data, draft) : []
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Version history"
      width="xlarge"
      loading={versions.isPending}
      error={versions.error?.message}
      footer={
        <button type="button" className="pg-button" onClick={onClose}>
          Close
        </button>
      }
    >
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th className="py-1">Version</th>
            <th>Published</th>
            <th>By</th>
            <th>Note</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.data?.versions.map((item) => (
            <tr key={item.id} className="border-b border-slate-100" data-version={item.id}>
              <td className="py-1">#{item.id}</td>
              <td>{new Date(item.publishedAt).toLocaleString()}</td>
              <td>{item.publishedBy}</td>
              <td>{item.note || '—'}</td>
              <td className="flex gap-2 py-1">
                <button type="button" className="pg-button" onClick={() => setComparing(item.id)}>
                  Compare with the draft
                </button>
                <button type="button" className="pg-button" onClick={() => onRestore(item.id)}>
                  Restore into the draft
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {comparing !== undefined && (
        <section aria-labelledby="compare-title" className="mt-4">
          <h3 id="compare-title" className="font-semibold">
            Version #{comparing} compared with the draft
          </h3>
          {version.isPending ? (
            <p>Loading…</p>
          ) : differences.length === 0 ? (
            <p>The draft is the same as this version.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm" data-compare="">
              <thead>
                <tr className="border-b">
                  <th className="py-1">Field</th>
                  <th>Version #{comparing}</th>
                  <th>Draft</th>
                </tr>
              </thead>
              <tbody>
                {differences.map((difference) => (
                  <tr key={difference.path.join('.')} className="border-b border-slate-100 align-top">
                    <td className="py-1 font-mono">{formatPath(difference.path)}</td>
                    <td className="max-w-80 break-words">{show(difference.base)}</td>
                    <td className="max-w-80 break-words">{show(difference.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </Dialog>
  )
}

/** What this tenant's content changes from the base it extends, field by field. */
export function Overrides({ content }: { content: unknown }) {
  const inheritance = useQuery({ queryKey: ['inheritance'], queryFn: api.inheritance })
  if (inheritance.isPending) return <p>Loading…</p>
  if (inheritance.error) return <p role="alert">{inheritance.error.message}</p>
  if (inheritance.data.base === null) return <p>This site’s content does not extend a base: all of it is its own.</p>
  const overrides = contentOverrides(inheritance.data.base, content).filter(
    (override) => override.path[0] !== 'schema_version',
  )
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700">
        This site is the shared base plus these {overrides.length} changes of its own.
      </p>
      <table className="w-full text-left text-sm" data-overrides="">
        <thead>
          <tr className="border-b">
            <th className="py-1">Field</th>
            <th>Base</th>
            <th>This site</th>
          </tr>
        </thead>
        <tbody>
          {overrides.map((override) => (
            <tr key={override.path.join('.')} className="border-b border-slate-100 align-top">
              <td className="py-1 font-mono">{formatPath(override.path)}</td>
              <td className="max-w-80 break-words">{show(override.base)}</td>
              <td className="max-w-80 break-words">{show(override.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
