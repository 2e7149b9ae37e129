import { useState } from 'react'
import { staticPart } from '#engine'
import { DataBoundary, useApiQueries } from '#engine/data'
import type { Plan } from '#schemas/api/directory.ts'
import { money } from '../kit/format/money.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import { ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import type { PageSavingsProps } from './props.ts'
import { covers, yearlySaving } from './savings.ts'
import type { SavingsSettings } from './settings.ts'
import type { DisclosureTexts } from '../kit/settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** A whole number from a field, within limits (anything else reads as the lower limit). */
const clamp = (text: string, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(Number(text)) || min))

/** The disclosure and the plans' fee tables: text and figures only, so the server's HTML of them stays. */
const Disclosure = staticPart<{ text: string; administrator: string; texts: DisclosureTexts }>(
  'plans-disclosure',
  async () => ({
    default: (await import('../kit/catalog/disclosure.tsx')).NotInsurance,
  }),
)
const FeeTables = staticPart('fee-tables', () => import('./fee-tables.tsx'))

export default function PageSavings({ settings, administrator, joinPath, planIds }: PageSavingsProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 text-body">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
      </header>
      <Disclosure text={settings.disclosure} administrator={administrator} texts={settings} />
      <DataBoundary title={settings.plans_title}>
        <Plans settings={settings} joinPath={joinPath} planIds={planIds} />
      </DataBoundary>
    </div>
  )
}

function Plans({
  settings,
  joinPath,
  planIds,
}: {
  settings: SavingsSettings
  joinPath: string
  planIds: readonly number[]
}) {
  const plans = useApiQueries(planIds.map(planQuery))
  return (
    <>
      <Calculator plans={plans} settings={settings} joinPath={joinPath} />
      <FeeTables plans={plans} settings={settings} />
    </>
  )
}

/** The household's yearly saving on a plan, from the plan's own fees and prices. */
function Calculator({
  plans,
  settings,
  joinPath,
}: {
  plans: readonly Plan[]
  settings: SavingsSettings
  joinPath: string
}) {
  const [planId, setPlanId] = useState(plans[0]?.id ?? 0)
  // What is typed stays as typed (an emptied field is not turned into 1 while typing); the
  // figures use the whole numbers it reads as, within limits.
  const [peopleText, setPeopleText] = useState('1')
  const [countTexts, setCountTexts] = useState<Record<string, string>>({})
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0]
  if (!plan) return <p>{settings.no_plans}</p>
  const people = clamp(peopleText, 1, 10)
  const counts = Object.fromEntries(Object.entries(countTexts).map(([code, text]) => [code, clamp(text, 0, 99)]))
  const result = yearlySaving(plan, people, counts)
  const fits = covers(plan, people)
  return (
    <Card as="section" padding="lg" raised aria-labelledby="calculator-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="calculator-heading" className="text-2xl font-bold">
          {settings.calculator_heading}
        </h2>
        <p className="text-gray-700">{settings.calculator_help}</p>
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="savings-plan" className="font-medium">
            Plan
          </label>
          <select
            id="savings-plan"
            value={plan.id}
            onChange={(event) => setPlanId(Number(event.target.value))}
            className="rounded border border-gray-400 bg-white px-3 py-2"
          >
            {plans.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="savings-people" className="font-medium">
            {settings.people_label}
          </label>
          <input
            id="savings-people"
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={peopleText}
            onChange={(event) => setPeopleText(event.target.value)}
            className="w-24 rounded border border-gray-400 px-3 py-2"
          />
        </div>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-medium">{settings.procedures_legend}</legend>
        {plan.feeSchedule.map((fee) => (
          <label key={fee.code} className="flex items-center justify-between gap-3 rounded border border-gray-200 p-2">
            <span>{fee.procedure}</span>
            <input
              type="number"
              min={0}
              max={99}
              inputMode="numeric"
              value={countTexts[fee.code] ?? '0'}
              onChange={(event) => setCountTexts({ ...countTexts, [fee.code]: event.target.value })}
              className="w-20 rounded border border-gray-400 px-2 py-1"
            />
          </label>
        ))}
      </fieldset>
      <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1" aria-live="polite">
        <dt>{settings.usual_total}</dt>
        <dd className="text-right">{money(result.usualCents)}</dd>
        <dt>{settings.member_total}</dt>
        <dd className="text-right">{money(result.memberCents)}</dd>
        <dt>
          {fillText(settings.membership_total, {
            count: people,
            people: people === 1 ? settings.person : settings.people,
            enrollment: plan.enrollmentFeeCents ? settings.with_enrollment : '',
          })}
        </dt>
        <dd className="text-right">{money(result.membershipCents)}</dd>
        <dt className="font-bold">{result.netCents >= 0 ? settings.saving : settings.loss}</dt>
        <dd className="text-right font-bold" data-testid="net-saving">
          {money(Math.abs(result.netCents))}
        </dd>
      </dl>
      {!fits && (
        <p role="alert" className="font-medium text-red-800">
          {fillText(settings.too_many_people, {
            plan: plan.name,
            covers: plan.maxDependents
              ? fillText(settings.covers_family, { count: plan.maxDependents + 1 })
              : settings.covers_one,
            count: people,
          })}
        </p>
      )}
      <div>
        <ButtonLink variant="primary" to={joinPath}>
          {fillText(settings.join_button, { plan: plan.name })}
        </ButtonLink>
      </div>
    </Card>
  )
}
