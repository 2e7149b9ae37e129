import { lazy, Suspense, useState } from 'react'
import { useLoadWhenIdle } from '#engine'
import { DataTable } from '#engine/table'
import { useApiQuery } from '#engine/data'
import type { Receipt } from '#schemas/api/members.ts'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import { useDates } from '../kit/format/dates.ts'
import { memberZone } from './format.ts'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** A receipt's dialog loads once the page is idle, or when one is opened. */
const loadReceiptDialog = () => import('./receipt-dialog.tsx')
const ReceiptDialog = lazy(loadReceiptDialog)

/** The member's receipts, newest first; each opens as a printable receipt. */
export function Receipts({ companyName, settings }: { companyName: string; settings: DashboardSettings }) {
  const { data } = useApiQuery(dashboardQueries.receipts)
  const { data: info } = useApiQuery(dashboardQueries.info)
  const dates = useDates()
  const zone = memberZone(info)
  const [shown, setShown] = useState<Receipt>()
  useLoadWhenIdle(loadReceiptDialog)
  if (!data.receipts.length) return <p>{settings.no_receipts}</p>
  return (
    <>
      <div className="overflow-x-auto">
        <DataTable
          className="w-full text-left"
          caption={settings.receipts_caption}
          columns={[
            {
              header: 'Date',
              cell: (receipt) => dates.short(receipt.paidAt, zone),
              className: 'py-2 pr-4',
              cellClassName: 'whitespace-nowrap',
            },
            { header: 'Description', cell: (receipt) => receipt.description, className: 'py-2 pr-4' },
            {
              header: 'Amount',
              cell: (receipt) => (
                <>
                  {money(receipt.amountCents)}
                  {receipt.refundedCents > 0 && (
                    <span className="block text-sm text-gray-700">
                      {fillText(settings.receipt_refunded, { amount: money(receipt.refundedCents) })}
                    </span>
                  )}
                </>
              ),
              align: 'right',
              className: 'py-2 pr-4',
              cellClassName: 'whitespace-nowrap',
            },
            {
              header: <span className="sr-only">{settings.receipt_column}</span>,
              cell: (receipt) => (
                <Button variant="link" onClick={() => setShown(receipt)}>
                  {settings.view_receipt}
                  <span className="sr-only">{` ${fillText(settings.receipt_of, { date: dates.short(receipt.paidAt, zone) })}`}</span>
                </Button>
              ),
              className: 'py-2',
              cellClassName: 'text-right',
            },
          ]}
          rows={data.receipts}
          rowKey={(receipt) => receipt.id}
          headRowClassName="border-b border-gray-300"
          rowClassName="border-b border-gray-200"
        />
      </div>
      {shown && (
        <Suspense fallback={null}>
          <ReceiptDialog
            receipt={shown}
            companyName={companyName}
            settings={settings}
            onClose={() => setShown(undefined)}
          />
        </Suspense>
      )}
    </>
  )
}
