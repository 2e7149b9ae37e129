import { useShellContext } from '#engine'
import { DataBoundary, useApiQueries } from '#engine/data'
import { NOT_INSURANCE_TEXT, NotInsurance } from '../kit/disclosure.tsx'
import { FeeAmounts } from '../kit/fee-amounts.tsx'
import { money } from '../kit/money.ts'
import type { SectionSavingsTableProps } from './props.ts'
import { savingsTableQueries, tableFees } from './queries.ts'

/** One plan's fees, procedure by procedure, exact to the cent (the page's loader fetched the plan with the page). */
export default function SectionSavingsTable(props: SectionSavingsTableProps) {
  const { heading, intro, disclosure } = props
  const { config } = useShellContext()
  return (
    <section className="bg-white text-body" data-section="savings-table">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-14">
        <header className="flex max-w-3xl flex-col gap-3">
          <h2 className="text-3xl font-bold">{heading}</h2>
          {intro && <p className="text-lg text-gray-700">{intro}</p>}
        </header>
        <DataBoundary title="the fees">
          <FeeTable {...props} />
        </DataBoundary>
        <NotInsurance text={disclosure ?? NOT_INSURANCE_TEXT} administrator={config.companyName} />
      </div>
    </section>
  )
}

function FeeTable(props: SectionSavingsTableProps) {
  const { content } = useShellContext()
  const [plan] = useApiQueries(savingsTableQueries(props, content))
  if (!plan) return <p className="text-gray-700">No plans are offered on this site yet.</p>
  const fees = tableFees(plan.feeSchedule, props.codes)
  return (
    <div className="flex flex-col gap-3">
      <p className="text-gray-700">
        <strong className="text-body">{plan.name}</strong>: {money(plan.monthlyPriceCents)} a month or{' '}
        {money(plan.annualPriceCents)} a year per member
        {plan.enrollmentFeeCents
          ? `, plus a one-time enrollment fee of ${money(plan.enrollmentFeeCents)}`
          : ', no enrollment fee'}
        .
      </p>
      {fees.length === 0 ? (
        <p className="text-gray-700">The {plan.name} plan has no fee for the procedures chosen for this table.</p>
      ) : (
        // Focusable, so a keyboard can scroll it on a narrow screen.
        <div className="overflow-x-auto" role="region" aria-label={`Member fees on the ${plan.name} plan`} tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left">
            <caption className="pb-2 text-left font-semibold">Member fees on the {plan.name} plan</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-2 pr-4">
                  Procedure
                </th>
                <th scope="col" className="py-2 pr-4">
                  Code
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
              {fees.map((fee) => (
                <tr key={fee.code} className="border-b border-gray-200">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {fee.procedure}
                  </th>
                  <td className="py-2 pr-4 text-gray-700">{fee.code}</td>
                  <FeeAmounts fee={fee} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
