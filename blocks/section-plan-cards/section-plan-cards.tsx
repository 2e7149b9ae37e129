import { Fragment, useId } from 'react'
import { useShellContext } from '#engine'
import { DataBoundary, useApiQueries } from '#engine/data'
import type { Plan } from '#schemas/api/directory.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { fillParts, fillText } from '#schemas/fill-text.ts'
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
      <DataBoundary title={props.plans_title}>
        <Cards {...props} />
      </DataBoundary>
      <NotInsurance text={disclosure} administrator={config.companyName} texts={props} />
    </SectionBand>
  )
}

function Cards(props: SectionPlanCardsProps) {
  const { content, pathTo } = useShellContext()
  const plans = useApiQueries(planCardsQueries(props, content))
  const id = useId()
  if (plans.length === 0) return <p className="text-gray-700">{props.no_plans}</p>
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            headingId={`${id}-${plan.id}`}
            texts={props}
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
  texts: SectionPlanCardsProps
  joinPath: string
}

function PlanCard({ plan, headingId, texts, joinPath }: PlanCardProps) {
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
      <Prices plan={plan} texts={texts} />
      <ul className="flex flex-col gap-1 text-sm">
        {saving > 0 && <li>{fillText(texts.annual_saving, { saving: money(saving) })}</li>}
        <li>
          {plan.enrollmentFeeCents
            ? fillText(texts.enrollment_fee, { fee: money(plan.enrollmentFeeCents) })
            : texts.no_enrollment_fee}
        </li>
        <li>{covers(plan.maxDependents, texts)}</li>
      </ul>
      <div className="flex flex-col gap-2">
        <h4 id={`${headingId}-fees`} className="font-semibold">
          {texts.fees_heading}
        </h4>
        <ul aria-labelledby={`${headingId}-fees`} className="flex flex-col divide-y divide-gray-200">
          {cardFees(plan.feeSchedule).map((fee) => (
            <li key={fee.code} className="flex justify-between gap-3 py-1.5">
              <span>{fee.procedure}</span>
              <span className="whitespace-nowrap">
                {/* A strike-through is not read aloud: each figure says what it is. */}
                <s className="text-gray-600">
                  <span className="sr-only">{texts.usual_fee} </span>
                  {money(fee.usualFeeCents)}
                </s>{' '}
                <strong>
                  <span className="sr-only">, {texts.member_fee} </span>
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
        aria-label={fillText(texts.button_label, { button: texts.button_text, plan: plan.name })}
        className="mt-auto self-start"
      >
        {texts.button_text}
      </ButtonLink>
    </article>
  )
}

/** Both prices, the content's choice of billing cycle first and largest. */
function Prices({ plan, texts }: { plan: Plan; texts: SectionPlanCardsProps }) {
  const prices = {
    monthly: [plan.monthlyPriceCents, texts.per_month],
    annual: [plan.annualPriceCents, texts.per_year],
  } as const
  const lead: Billing = texts.lead_billing
  const [leadCents, leadUnit] = prices[lead]
  const [otherCents, otherUnit] = prices[lead === 'annual' ? 'monthly' : 'annual']
  return (
    <div className="flex flex-col gap-1">
      <p>
        {fillParts(texts.lead_price, {
          price: <span className="text-3xl font-bold">{money(leadCents)}</span>,
          period: leadUnit,
        }).map((part, index) => (
          <Fragment key={index}>{part}</Fragment>
        ))}
      </p>
      <p className="text-gray-700">{fillText(texts.other_price, { price: money(otherCents), period: otherUnit })}</p>
    </div>
  )
}
