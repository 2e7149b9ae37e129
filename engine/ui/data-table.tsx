import type { ComponentProps, Key, ReactNode } from 'react'

/** One column of a {@link DataTable}: its header, its cell for a row, and the classes of both. */
export interface DataColumn<Row> {
  /** The column's header (a `<th scope="col">`); a column of buttons names itself in an `sr-only` span. */
  header: ReactNode
  /** The column's cell for one row. */
  cell: (row: Row) => ReactNode
  /** `right` for amounts: the header and every cell get `text-right`. */
  align?: 'left' | 'right'
  /** The cell names its row (a `<th scope="row">`): the procedure, the provider, the page. */
  rowHeader?: boolean
  /** Classes of the header and of every cell (padding, width). */
  className?: string
  /** Classes of the header only. */
  headerClassName?: string
  /** Classes of the body's cells only. */
  cellClassName?: string
}

/** A row's own attributes (`data-version` for a test to find it by). */
type RowAttributes = Record<`data-${string}`, string | number>

export interface DataTableProps<Row> extends Omit<ComponentProps<'table'>, 'children'> {
  /** Names the table. Visually hidden (`sr-only`) unless `captionClassName` styles it. */
  caption: ReactNode
  captionClassName?: string
  /** The caption's id, for a scrolling region around the table that it names (`aria-labelledby`). */
  captionId?: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  /** A row's React key: its id, or what makes it unique. */
  rowKey: (row: Row) => Key
  /** Classes of the `<thead>` (`sr-only` when the rows speak for themselves). */
  headClassName?: string
  /** Classes of the header's row (its border). */
  headRowClassName?: string
  /** Classes of every body row, or of each by its row. */
  rowClassName?: string | ((row: Row) => string | undefined)
  rowAttributes?: (row: Row) => RowAttributes
  /** Shown in one cell across the columns when there are no rows (it takes the first column's classes). */
  empty?: ReactNode
  /** The rows of a `<tfoot>`, after the body: a total. */
  foot?: ReactNode
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined

/**
 * A table of rows of data, written once: a caption names it, each column has a `<th scope="col">`,
 * and a column that names its row has `<th scope="row">` cells, so a screen reader reads each cell
 * with its row and column. Its look comes from the classes it is given; it has none of its own.
 */
export function DataTable<Row>({
  caption,
  captionClassName = 'sr-only',
  captionId,
  columns,
  rows,
  rowKey,
  headClassName,
  headRowClassName,
  rowClassName,
  rowAttributes,
  empty,
  foot,
  ...table
}: DataTableProps<Row>) {
  return (
    <table {...table}>
      <caption id={captionId} className={captionClassName}>
        {caption}
      </caption>
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className={classes(column.className, column.align === 'right' && 'text-right', column.headerClassName)}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={columns.length} className={columns[0]?.className}>
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={typeof rowClassName === 'function' ? rowClassName(row) : rowClassName}
            {...rowAttributes?.(row)}
          >
            {columns.map((column, index) => {
              const className = classes(
                column.className,
                column.align === 'right' && 'text-right',
                column.cellClassName,
              )
              return column.rowHeader ? (
                <th key={index} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={className}>
                  {column.cell(row)}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
      {foot !== undefined && <tfoot>{foot}</tfoot>}
    </table>
  )
}
