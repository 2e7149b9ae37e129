import { DataTable, type DataColumn } from '#engine/table'
import type { Plan } from '#schemas/api/directory.ts'
import { money } from '../format/money.ts'
import type { FeeTableTexts } from '../settings.ts'

type Fee = Plan['feeSchedule'][number]

/** The columns, named by the page's texts (feeTableSettings): where the procedure's code is shown. */
const columns = (texts: FeeTableTexts) => {
  const procedure: DataColumn<Fee> = {
    header: texts.fee_table_procedure,
    cell: (fee) => fee.procedure,
    rowHeader: true,
    className: 'py-2 pr-4',
    cellClassName: 'font-normal',
  }
  const amounts: DataColumn<Fee>[] = [
    {
      header: texts.fee_table_usual,
      cell: (fee) => money(fee.usualFeeCents),
      align: 'right',
      className: 'py-2 pr-4',
    },
    {
      header: texts.fee_table_member,
      cell: (fee) => money(fee.memberFeeCents),
      align: 'right',
      className: 'py-2 pr-4',
      cellClassName: 'font-semibold',
    },
    {
      header: texts.fee_table_saving,
      cell: (fee) => money(fee.usualFeeCents - fee.memberFeeCents),
      align: 'right',
      className: 'py-2',
    },
  ]
  return {
    /** The savings page's: the code beside the procedure, in one column. */
    'beside-procedure': [
      {
        ...procedure,
        cell: (fee) => (
          <>
            {fee.procedure} <span className="text-sm text-gray-700">({fee.code})</span>
          </>
        ),
      },
      ...amounts,
    ],
    /** The savings table section's: the code in a column of its own. */
    column: [
      procedure,
      { header: texts.fee_table_code, cell: (fee) => fee.code, className: 'py-2 pr-4', cellClassName: 'text-gray-700' },
      ...amounts,
    ],
  } satisfies Record<string, DataColumn<Fee>[]>
}

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
  texts,
}: {
  fees: readonly Fee[]
  title: string
  showCaption?: boolean
  /** Where the procedure's code is shown. */
  codes: keyof ReturnType<typeof columns>
  /** The column headers, from the page's or section's settings (feeTableSettings). */
  texts: FeeTableTexts
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={title} tabIndex={0}>
      <DataTable
        className="w-full min-w-[36rem] text-left"
        caption={title}
        captionClassName={showCaption ? 'pb-2 text-left font-semibold' : undefined}
        columns={columns(texts)[codes]}
        rows={fees}
        rowKey={(fee) => fee.code}
        headRowClassName="border-b border-gray-300"
        rowClassName="border-b border-gray-200"
      />
    </div>
  )
}
