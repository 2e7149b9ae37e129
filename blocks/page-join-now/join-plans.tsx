// The office's plans on the join page, each with its prices and fees, and the button that chooses it.
import { DataTable, type DataColumn } from '#engine/table'
import type { Plan } from '#schemas/api/directory.ts'
import { fillText } from '#schemas/fill-text.ts'
import { PlanTerms } from '../kit/catalog/plan-terms.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import type { JoinNowSettings } from './settings.ts'
import { usePlanChoice, type BillingCycle } from './use-join-now.ts'

/** Each plan with both prices and its fees; choosing one starts (or changes) the checkout and goes to its next step. */
export function Plans({
  plans,
  officeId,
  suggested,
  cycle,
  settings,
}: {
  plans: Plan[]
  officeId: number
  suggested: number | undefined
  cycle: BillingCycle
  settings: JoinNowSettings
}) {
  const { pending, problem, choose } = usePlanChoice(officeId, cycle)
  return (
    <>
      {problem && (
        <div aria-live="assertive">
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const isSuggested = plan.id === suggested
          const price = cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents
          const headingId = `plan-${plan.id}`
          return (
            <li
              key={plan.id}
              aria-labelledby={headingId}
              className={`flex flex-col gap-3 rounded-lg bg-white p-5 ${isSuggested ? 'border-4 border-brand' : 'border border-gray-300'}`}
            >
              {isSuggested && (
                <p className="self-start rounded bg-brand px-2 py-0.5 text-sm font-semibold text-brand-contrast">
                  {settings.suggested}
                </p>
              )}
              <h3 id={headingId} className="text-2xl font-semibold">
                {plan.name}
              </h3>
              <p className="text-sm text-gray-700">{plan.description}</p>
              <p>
                <strong className="text-3xl">{money(price)}</strong>{' '}
                {cycle === 'annual' ? settings.per_year : settings.per_month}
                <span className="block text-sm text-gray-700">
                  {cycle === 'annual'
                    ? fillText(settings.other_price, {
                        price: money(plan.monthlyPriceCents),
                        period: settings.per_month,
                      })
                    : fillText(settings.other_price, {
                        price: money(plan.annualPriceCents),
                        period: settings.per_year,
                      })}
                </span>
              </p>
              <PlanTerms plan={plan} texts={settings} coversFamily={settings.covers_family} />
              <Fees plan={plan} settings={settings} />
              <Button
                variant="primary"
                className="mt-auto"
                disabled={pending !== undefined}
                onClick={() => choose(plan)}
              >
                {pending === plan.id ? 'Starting…' : fillText(settings.choose_plan, { plan: plan.name })}
              </Button>
            </li>
          )
        })}
      </ul>
    </>
  )
}

const HIGHLIGHTED = ['D0120', 'D1110', 'D0210', 'D2391']

type Fee = Plan['feeSchedule'][number]

/** A plan's member fees against the usual ones, in a small table. */
const FEE_COLUMNS: DataColumn<Fee>[] = [
  {
    header: 'Procedure',
    cell: (fee) => fee.procedure,
    rowHeader: true,
    headerClassName: 'text-left font-normal',
    cellClassName: 'py-1 pr-2 text-left font-normal',
  },
  {
    header: 'Usual',
    cell: (fee) => <del>{money(fee.usualFeeCents)}</del>,
    align: 'right',
    headerClassName: 'font-normal',
    cellClassName: 'py-1 text-gray-700',
  },
  {
    header: 'Member',
    cell: (fee) => money(fee.memberFeeCents),
    align: 'right',
    className: 'pl-2',
    headerClassName: 'font-normal',
    cellClassName: 'py-1 font-semibold',
  },
]

/** What a plan includes: member fees against usual fees (the fee schedule), the common ones first. */
function Fees({ plan, settings }: { plan: Plan; settings: JoinNowSettings }) {
  const first = plan.feeSchedule.filter((fee) => HIGHLIGHTED.includes(fee.code))
  const table = {
    columns: FEE_COLUMNS,
    rowKey: (fee: Fee) => fee.code,
    headRowClassName: 'text-xs text-gray-700',
    rowClassName: 'border-b border-gray-200',
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      {first.length > 0 && (
        <DataTable
          {...table}
          className="w-full"
          caption={fillText(settings.common_fees_caption, { plan: plan.name })}
          rows={first}
        />
      )}
      <details>
        <summary className="cursor-pointer underline">
          {settings.fees_summary} ({plan.feeSchedule.length})
          <span className="sr-only">{` ${fillText(settings.fees_summary_plan, { plan: plan.name })}`}</span>
        </summary>
        <DataTable
          {...table}
          className="mt-2 w-full"
          caption={fillText(settings.all_fees_caption, { plan: plan.name })}
          rows={plan.feeSchedule}
        />
      </details>
    </div>
  )
}
