import { useRef } from 'react'
import { Dialog } from '#engine/dialog'
import { useApiQuery } from '#engine/data'
import type { Receipt } from '#schemas/api/members.ts'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import { useDates } from '../kit/format/dates.ts'
import { memberZone, printElement } from './format.ts'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** A receipt as the member may print it. */
export default function ReceiptDialog({
  receipt,
  settings,
  companyName,
  onClose,
}: {
  receipt: Receipt
  companyName: string
  settings: DashboardSettings
  onClose: () => void
}) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const paper = useRef<HTMLDivElement>(null)
  const dates = useDates()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Receipt ${receipt.id}`}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" onClick={() => printElement(paper.current)}>
            {settings.print_receipt}
          </Button>
        </>
      }
    >
      <div ref={paper} className="receipt flex flex-col gap-3 text-gray-900">
        <p className="text-lg font-bold">{companyName}</p>
        <p className="font-semibold">{fillText(settings.receipt_number, { number: receipt.id })}</p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt>{settings.receipt_date}</dt>
          <dd>{dates.short(receipt.paidAt, memberZone(info))}</dd>
          <dt>{settings.receipt_member}</dt>
          <dd>
            {info.firstName} {info.lastName} ({info.memberNumber})
          </dd>
          <dt>{settings.receipt_for}</dt>
          <dd>{receipt.description}</dd>
          <dt>{settings.paid_with}</dt>
          <dd>{fillText(settings.card_ending, { last4: receipt.cardLast4 })}</dd>
          <dt className="font-bold">{settings.amount_paid}</dt>
          <dd className="font-bold">{money(receipt.amountCents)}</dd>
          {receipt.refundedCents > 0 && (
            <>
              <dt>{settings.amount_refunded}</dt>
              <dd>{money(receipt.refundedCents)}</dd>
            </>
          )}
        </dl>
        <p className="text-sm text-gray-700">{settings.receipt_thanks}</p>
      </div>
    </Dialog>
  )
}
