import type { Plan } from '#schemas/api/catalog.ts'
import { money } from './money.ts'

/** A procedure's usual fee, member fee and what a member saves: the last three cells of a fee table's row. */
export function FeeAmounts({ fee }: { fee: Plan['feeSchedule'][number] }) {
  return (
    <>
      <td className="py-2 pr-4 text-right">{money(fee.usualFeeCents)}</td>
      <td className="py-2 pr-4 text-right font-semibold">{money(fee.memberFeeCents)}</td>
      <td className="py-2 text-right">{money(fee.usualFeeCents - fee.memberFeeCents)}</td>
    </>
  )
}
