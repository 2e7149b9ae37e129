import { useId } from 'react'
import { useShellContext } from '#engine'
import { DataBoundary, useApiQueries } from '#engine/data'
import type { Plan } from '#schemas/api/catalog.ts'
import { NOT_INSURANCE_TEXT, NotInsurance } from '../kit/catalog/disclosure.tsx'
import { money } from '../kit/format/money.ts'
import { ButtonLink } from '../kit/ui/button.tsx'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionPlanCardsProps } from './props.ts'
import { annualSaving, cardFees, covers } from './cards.ts'
import { planCardsQueries } from './queries.ts'

type Billing = SectionPlanCardsProps['lead_billing']

/** The plans side by side, priced by the plan API (the page's loader fetched them with the page). */
export default function SectionPlanCards(props: SectionPlanCardsProps) {
  const { heading, intro, disclosure } = props
  const { config } = useShellContext()
  return (
    <SectionBand name="plan-cards" tone="surface" width="6xl" className="flex flex-col gap-6 py-14">
      <header className="flex max-w-3xl flex-col gap-3">
        <h2 className="text-3xl font-bold">{heading}</h2>
        {intro && <p className="text-lg text-gray-700">{intro}</p>}
      </header>
      <DataBoundary title="the plans">
        <Cards {...props} />
      </DataBoundary>
      <NotInsurance text={disclosure ?? NOT_INSURANCE_TEXT} administrator={config.companyName} />
    </SectionBand>
  )
}

function Cards(props: SectionPlanCardsProps) {
  const { content, pathTo } = useShellContext()
  const plans = useApiQueries(planCardsQueries(props, content))
  const id = useId()
  if (plans.length === 0) return <p className="text-gray-700">No plans are offered on this site yet.</p>
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            headingId={`${id}-${plan.id}`}
            lead={props.lead_billing}
            buttonText={props.button_text}
            joinPath={pathTo('join-now', {}, { plan_id: plan.id })}
          />
        </li>
      ))}
    </ul>
  )
}

interface PlanCardProps {
  plan: Plan
  headingId: string
  lead: Billing
  buttonText: string
  joinPath: string
}

function PlanCard({ plan, headingId, lead, buttonText, joinPath }: PlanCardProps) {
  const saving = annualSaving(plan)
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-col gap-2">
        <h3 id={headingId} className="text-2xl font-bold">
          {plan.name}
        </h3>
        <p className="text-gray-700">{plan.description}</p>
      </div>
      <Prices plan={plan} lead={lead} />
      <ul className="flex flex-col gap-1 text-sm">
        {saving > 0 && <li>Paying yearly saves {money(saving)} a member</li>}
        <li>
          {plan.enrollmentFeeCents ? `One-time enrollment fee ${money(plan.enrollmentFeeCents)}` : 'No enrollment fee'}
        </li>
        <li>{covers(plan.maxDependents)}</li>
      </ul>
      <div className="flex flex-col gap-2">
        <h4 id={`${headingId}-fees`} className="font-semibold">
          Member fees at participating dentists
        </h4>
        <ul aria-labelledby={`${headingId}-fees`} className="flex flex-col divide-y divide-gray-200">
          {cardFees(plan.feeSchedule).map((fee) => (
            <li key={fee.code} className="flex justify-between gap-3 py-1.5">
              <span>{fee.procedure}</span>
              <span className="whitespace-nowrap">
                {/* A strike-through is not read aloud: each figure says what it is. */}
                <s className="text-gray-600">
                  <span className="sr-only">usual fee </span>
                  {money(fee.usualFeeCents)}
                </s>{' '}
                <strong>
                  <span className="sr-only">, member fee </span>
                  {money(fee.memberFeeCents)}
                </strong>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {/* Every card has the same button text: its name says which plan it joins (the visible text first, as speech input expects). */}
      <ButtonLink
        variant="primary"
        to={joinPath}
        aria-label={`${buttonText}: the ${plan.name} plan`}
        className="mt-auto self-start"
      >
        {buttonText}
      </ButtonLink>
    </article>
  )
}

/** Both prices, the content's choice of billing cycle first and largest. */
function Prices({ plan, lead }: { plan: Plan; lead: Billing }) {
  const prices = { monthly: [plan.monthlyPriceCents, 'a month'], annual: [plan.annualPriceCents, 'a year'] } as const
  const [leadCents, leadUnit] = prices[lead]
  const [otherCents, otherUnit] = prices[lead === 'annual' ? 'monthly' : 'annual']
  return (
    <div className="flex flex-col gap-1">
      <p>
        <span className="text-3xl font-bold">{money(leadCents)}</span> {leadUnit} per member
      </p>
      <p className="text-gray-700">
        or {money(otherCents)} {otherUnit} per member
      </p>
    </div>
  )
}
