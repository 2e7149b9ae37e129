import type { Plan } from '#schemas/api/catalog.ts'
import { FeeTable } from '../kit/catalog/fee-table.tsx'
import { money } from '../kit/format/money.ts'

/** Each offered plan's fee table: a static part of the savings page. */
export default function FeeTables({ plans }: { plans: readonly Plan[] }) {
  return plans.map((plan) => <PlanFees key={plan.id} plan={plan} />)
}

/** One plan: its prices, what it covers, and its fee table. */
function PlanFees({ plan }: { plan: Plan }) {
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
      <FeeTable fees={plan.feeSchedule} title={`Fees on the ${plan.name} plan`} codes="beside-procedure" />
    </section>
  )
}
