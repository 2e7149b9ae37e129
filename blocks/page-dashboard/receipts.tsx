import { lazy, Suspense, useState } from 'react'
import { useLoadWhenIdle } from '#engine'
import { useApiQuery } from '#engine/data'
import type { Receipt } from '#schemas/api/member.ts'
import { money } from '../kit/money.ts'
import { shortDate } from './format.ts'
import { dashboardQueries } from './queries.ts'

/** A receipt's dialog loads once the page is idle, or when one is opened. */
const loadReceiptDialog = () => import('./receipt-dialog.tsx')
const ReceiptDialog = lazy(loadReceiptDialog)

/** The member's receipts, newest first; each opens as a printable receipt. */
export function Receipts({ companyName }: { companyName: string }) {
  const { data } = useApiQuery(dashboardQueries.receipts)
  const [shown, setShown] = useState<Receipt>()
  useLoadWhenIdle(loadReceiptDialog)
  if (!data.receipts.length) return <p>No payments yet.</p>
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Receipts, newest first</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-4">
                Date
              </th>
              <th scope="col" className="py-2 pr-4">
                Description
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Amount
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.receipts.map((receipt) => (
              <tr key={receipt.id} className="border-b border-gray-200">
                <td className="py-2 pr-4 whitespace-nowrap">{shortDate(receipt.paidAt)}</td>
                <td className="py-2 pr-4">{receipt.description}</td>
                <td className="py-2 pr-4 text-right whitespace-nowrap">{money(receipt.amountCents)}</td>
                <td className="py-2 text-right">
                  <button type="button" className="underline" onClick={() => setShown(receipt)}>
                    View<span className="sr-only"> the receipt of {shortDate(receipt.paidAt)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown && (
        <Suspense fallback={null}>
          <ReceiptDialog receipt={shown} companyName={companyName} onClose={() => setShown(undefined)} />
        </Suspense>
      )}
    </>
  )
}
