import type { Plan } from '#schemas/api/directory.ts'
import { FeeTable } from '../kit/catalog/fee-table.tsx'
import { money } from '../kit/format/money.ts'
import { fillText } from '#schemas/fill-text.ts'
import type { SavingsSettings } from './settings.ts'

/** Each offered plan's fee table: a static part of the savings page. */
export default function FeeTables({ plans, settings }: { plans: readonly Plan[]; settings: SavingsSettings }) {
  return plans.map((plan) => <PlanFees key={plan.id} plan={plan} settings={settings} />)
}

/** One plan: its prices, what it covers, and its fee table. */
function PlanFees({ plan, settings }: { plan: Plan; settings: SavingsSettings }) {
  return (
    <section aria-labelledby={`plan-${plan.id}`} className="flex flex-col gap-3">
      <h2 id={`plan-${plan.id}`} className="text-2xl font-bold">
        {fillText(settings.plan_heading, {
          plan: plan.name,
          monthly: money(plan.monthlyPriceCents),
          annual: money(plan.annualPriceCents),
        })}
      </h2>
      <p className="text-gray-700">
        {plan.description}{' '}
        {plan.enrollmentFeeCents
          ? fillText(settings.enrollment_fee, { fee: money(plan.enrollmentFeeCents) })
          : settings.no_enrollment_fee}{' '}
        {plan.maxDependents
          ? fillText(settings.plan_covers_family, { count: plan.maxDependents })
          : settings.plan_covers_one}
      </p>
      <FeeTable
        fees={plan.feeSchedule}
        title={fillText(settings.fees_title, { plan: plan.name })}
        codes="beside-procedure"
        texts={settings}
      />
    </section>
  )
}
