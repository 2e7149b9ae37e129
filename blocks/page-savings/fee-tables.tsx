import type { Plan } from '#schemas/api/catalog.ts'
import { FeeAmounts } from '../kit/fee-amounts.tsx'
import { money } from '../kit/money.ts'

/** Each offered plan's fee table: a static part of the savings page. */
export default function FeeTables({ plans }: { plans: readonly Plan[] }) {
  return plans.map((plan) => <FeeTable key={plan.id} plan={plan} />)
}

/** Each procedure's usual fee, member fee and the difference, for one plan. */
function FeeTable({ plan }: { plan: Plan }) {
  return (
    <section aria-labelledby={`plan-${plan.id}`} className="flex flex-col gap-3">
      <h2 id={`plan-${plan.id}`} className="text-2xl font-bold">
        {plan.name}: {money(plan.monthlyPriceCents)} a month or {money(plan.annualPriceCents)} a year per person
      </h2>
      <p className="text-gray-700">
        {plan.description}{' '}
        {plan.enrollmentFeeCents ? `One-time enrollment fee ${money(plan.enrollmentFeeCents)}.` : 'No enrollment fee.'}{' '}
        {plan.maxDependents ? `Covers the member and up to ${plan.maxDependents} dependents.` : 'Covers one person.'}
      </p>
      {/* Focusable, so a keyboard can scroll it on a narrow screen. */}
      <div className="overflow-x-auto" role="region" aria-label={`Fees on the ${plan.name} plan`} tabIndex={0}>
        <table className="w-full min-w-[36rem] text-left">
          <caption className="sr-only">Fees on the {plan.name} plan</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-4">
                Procedure
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Usual fee
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Member fee
              </th>
              <th scope="col" className="py-2 text-right">
                You save
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.feeSchedule.map((fee) => (
              <tr key={fee.code} className="border-b border-gray-200">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {fee.procedure} <span className="text-sm text-gray-700">({fee.code})</span>
                </th>
                <FeeAmounts fee={fee} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
