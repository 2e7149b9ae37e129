import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DataTable, type DataColumn } from '#engine/table'
import { Dialog } from '#engine/dialog'
import { contentOverrides, type Override } from '#schemas/content-layers.ts'
import { formatPath } from '#schemas/engine/validation-error.ts'
import { api } from './api.ts'

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value))

/** A field a row, by its path: its value on one side and on the other. */
const changeColumns = (before: string, after: string): DataColumn<Override>[] => [
  { header: 'Field', cell: (change) => formatPath(change.path), className: 'py-1', cellClassName: 'font-mono' },
  { header: before, cell: (change) => show(change.base), cellClassName: 'max-w-80 break-words' },
  { header: after, cell: (change) => show(change.value), cellClassName: 'max-w-80 break-words' },
]

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
      <DataTable
        className="w-full text-left text-sm"
        caption="Published versions, newest first"
        columns={[
          { header: 'Version', cell: (item) => `#${item.id}`, className: 'py-1' },
          { header: 'Published', cell: (item) => new Date(item.publishedAt).toLocaleString() },
          { header: 'By', cell: (item) => item.publishedBy },
          { header: 'Note', cell: (item) => item.note || '—' },
          {
            header: <span className="sr-only">Actions</span>,
            cell: (item) => (
              <>
                <button type="button" className="pg-button" onClick={() => setComparing(item.id)}>
                  Compare with the draft
                </button>
                <button type="button" className="pg-button" onClick={() => onRestore(item.id)}>
                  Restore into the draft
                </button>
              </>
            ),
            cellClassName: 'flex gap-2 py-1',
          },
        ]}
        rows={versions.data?.versions ?? []}
        rowKey={(item) => item.id}
        headRowClassName="border-b"
        rowClassName="border-b border-slate-100"
        rowAttributes={(item) => ({ 'data-version': item.id })}
      />
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
            <DataTable
              className="mt-2 w-full text-left text-sm"
              data-compare=""
              caption={`The fields that differ between version #${comparing} and the draft`}
              columns={changeColumns(`Version #${comparing}`, 'Draft')}
              rows={differences}
              rowKey={(difference) => difference.path.join('.')}
              headRowClassName="border-b"
              rowClassName="border-b border-slate-100 align-top"
            />
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
      <DataTable
        className="w-full text-left text-sm"
        data-overrides=""
        caption="This site’s changes to the base, field by field"
        columns={changeColumns('Base', 'This site')}
        rows={overrides}
        rowKey={(override) => override.path.join('.')}
        headRowClassName="border-b"
        rowClassName="border-b border-slate-100 align-top"
      />
    </div>
  )
}
