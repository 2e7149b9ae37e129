import { Fragment } from 'react'
import { useShellContext } from '#engine'
import { DataBoundary, useApiQueries } from '#engine/data'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { FeeTable } from '../kit/catalog/fee-table.tsx'
import { fillParts, fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionSavingsTableProps } from './props.ts'
import { savingsTableQueries, tableFees } from './queries.ts'

/** One plan's fees, procedure by procedure, exact to the cent (the page's loader fetched the plan with the page). */
export default function SectionSavingsTable(props: SectionSavingsTableProps) {
  const { heading, intro, disclosure } = props
  const { config } = useShellContext()
  return (
    <SectionBand name="savings-table" tone="white" width="5xl" className="flex flex-col gap-6 py-14">
      <header className="flex max-w-3xl flex-col gap-3">
        <h2 className="text-3xl font-bold">{heading}</h2>
        {intro && <p className="text-lg text-gray-700">{intro}</p>}
      </header>
      <DataBoundary title={props.fees_title}>
        <PlanFees {...props} />
      </DataBoundary>
      <NotInsurance text={disclosure} administrator={config.companyName} texts={props} />
    </SectionBand>
  )
}

function PlanFees(props: SectionSavingsTableProps) {
  const { content } = useShellContext()
  const [plan] = useApiQueries(savingsTableQueries(props, content))
  if (!plan) return <p className="text-gray-700">{props.no_plans}</p>
  const fees = tableFees(plan.feeSchedule, props.codes)
  return (
    <div className="flex flex-col gap-3">
      <p className="text-gray-700">
        {fillParts(props.plan_prices, {
          plan: <strong className="text-body">{plan.name}</strong>,
          monthly: money(plan.monthlyPriceCents),
          annual: money(plan.annualPriceCents),
          enrollment: plan.enrollmentFeeCents
            ? fillText(props.enrollment_fee, { fee: money(plan.enrollmentFeeCents) })
            : props.no_enrollment_fee,
        }).map((part, index) => (
          <Fragment key={index}>{part}</Fragment>
        ))}
      </p>
      {fees.length === 0 ? (
        <p className="text-gray-700">{fillText(props.no_fees, { plan: plan.name })}</p>
      ) : (
        <FeeTable
          fees={fees}
          title={fillText(props.table_title, { plan: plan.name })}
          showCaption
          codes="column"
          texts={props}
        />
      )}
    </div>
  )
}
