import type { Key, ReactNode } from 'react'
import { DataTable, type DataColumn } from '#engine/table'
import { LoadFailed, PageTitle } from './page.tsx'

export interface ListTableProps<Row extends { id: Key }> {
  /** Names the table, and the region around it (by the caption's id, `<name>-caption`: one a screen). */
  name: string
  caption: string
  /** How wide the table stays before its region scrolls sideways: a Tailwind class (`min-w-[48rem]`). */
  minWidth: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  /** A row's classes after its top border: how it stands out (overdue, urgent), or `align-top`. */
  rowClassName?: (row: Row) => string
  /** In a record's part, which is a card already: no border of its own. */
  inCard?: boolean
}

/**
 * A screen's rows in a table, alike on every screen: a region named by the caption that scrolls
 * sideways on a narrow screen and takes the focus, so a keyboard scrolls it too.
 */
export function ListTable<Row extends { id: Key }>({
  name,
  caption,
  minWidth,
  columns,
  rows,
  rowClassName,
  inCard = false,
}: ListTableProps<Row>) {
  const captionId = `${name}-caption`
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={inCard ? 'overflow-x-auto' : 'overflow-x-auto rounded border border-slate-300 bg-white'}
    >
      <DataTable
        caption={caption}
        captionId={captionId}
        className={`w-full ${minWidth} text-left text-sm`}
        headClassName="bg-slate-100"
        rowClassName={(row) => ['border-t border-slate-200', rowClassName?.(row)].filter(Boolean).join(' ')}
        rowKey={(row) => row.id}
        rows={rows}
        columns={columns}
      />
    </div>
  )
}

/** Where a list's read stands, as its screen says it. */
export interface ListState {
  /** It says it is loading while this holds. */
  loading: boolean
  /** What failed, shown with a retry; null for nothing, or for an error the screen shows at a field. */
  error: Error | null
  retry: () => void
}

/** A query's state as a list says it: loading until its first answer, what failed, a retry. */
export const listState = (query: { isPending: boolean; error: Error | null; refetch: () => unknown }): ListState => ({
  loading: query.isPending,
  error: query.error,
  retry: () => void query.refetch(),
})

/**
 * A list screen: its title, what comes before the list (a note, its filters, a search, an export),
 * then that it is loading, what failed, or how many rows there are (a status, which a screen reader
 * hears as it changes) and the table when there is one.
 */
export function ListScreen<Row extends { id: Key }>({
  title,
  children,
  state,
  rows,
  words,
  status,
  table,
  after,
}: {
  title: string
  children?: ReactNode
  state: ListState
  /** The rows, once the list has answered. */
  rows: readonly Row[] | undefined
  /** What it says: while it loads, what could not be loaded, a row and rows (`grievance`, `grievances`). */
  words: { loading: string; failed: string; one: string; many: string }
  /** Said after the count: how the rows were found, that there are more. */
  status?: ReactNode
  table: Omit<ListTableProps<Row>, 'rows'>
  /** After the rows: a way to load more. */
  after?: ReactNode
}) {
  return (
    <section className="flex flex-col gap-4">
      <PageTitle>{title}</PageTitle>
      {children}
      {state.loading && <p>{words.loading}</p>}
      {state.error && <LoadFailed what={words.failed} error={state.error} onRetry={state.retry} />}
      {rows && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {rows.length === 1 ? `1 ${words.one}` : `${rows.length} ${words.many}`}
            {status}
          </p>
          {rows.length > 0 && <ListTable {...table} rows={rows} />}
          {after}
        </>
      )}
    </section>
  )
}
