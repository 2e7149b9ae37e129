import { DataTable, type DataColumn } from '#engine/table'
import type { Plan } from '#schemas/api/catalog.ts'
import { money } from '../format/money.ts'

type Fee = Plan['feeSchedule'][number]

const procedure: DataColumn<Fee> = {
  header: 'Procedure',
  cell: (fee) => fee.procedure,
  rowHeader: true,
  className: 'py-2 pr-4',
  cellClassName: 'font-normal',
}
/** The procedure with its code beside it, in one column. */
const procedureAndCode: DataColumn<Fee> = {
  ...procedure,
  cell: (fee) => (
    <>
      {fee.procedure} <span className="text-sm text-gray-700">({fee.code})</span>
    </>
  ),
}
const code: DataColumn<Fee> = {
  header: 'Code',
  cell: (fee) => fee.code,
  className: 'py-2 pr-4',
  cellClassName: 'text-gray-700',
}
const amounts: DataColumn<Fee>[] = [
  { header: 'Usual fee', cell: (fee) => money(fee.usualFeeCents), align: 'right', className: 'py-2 pr-4' },
  {
    header: 'Member fee',
    cell: (fee) => money(fee.memberFeeCents),
    align: 'right',
    className: 'py-2 pr-4',
    cellClassName: 'font-semibold',
  },
  {
    header: 'You save',
    cell: (fee) => money(fee.usualFeeCents - fee.memberFeeCents),
    align: 'right',
    className: 'py-2',
  },
]

const COLUMNS = {
  /** The savings page's: the code beside the procedure. */
  'beside-procedure': [procedureAndCode, ...amounts],
  /** The savings table section's: the code in a column of its own. */
  column: [procedure, code, ...amounts],
} satisfies Record<string, DataColumn<Fee>[]>

/**
 * A plan's procedure fees: each procedure's usual fee, member fee and the difference, in a region
 * that scrolls sideways on a narrow screen (focusable, so a keyboard can scroll it). The region and
 * the table are named by `title`, a caption hidden unless `showCaption`.
 */
export function FeeTable({
  fees,
  title,
  showCaption = false,
  codes,
}: {
  fees: readonly Fee[]
  title: string
  showCaption?: boolean
  /** Where the procedure's code is shown. */
  codes: keyof typeof COLUMNS
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={title} tabIndex={0}>
      <DataTable
        className="w-full min-w-[36rem] text-left"
        caption={title}
        captionClassName={showCaption ? 'pb-2 text-left font-semibold' : undefined}
        columns={COLUMNS[codes]}
        rows={fees}
        rowKey={(fee) => fee.code}
        headRowClassName="border-b border-gray-300"
        rowClassName="border-b border-gray-200"
      />
    </div>
  )
}
