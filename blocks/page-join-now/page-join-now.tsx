import { useId, useState, useSyncExternalStore } from 'react'
import { apiQueryOptions, ApiRequestError, callApi, Link, useEngine, useNavigate, type ApiTransport } from '#engine'
import { DataTable, type DataColumn } from '#engine/table'
import { DataBoundary, setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { Plan } from '#schemas/api/catalog.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { useQuery } from '@tanstack/react-query'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import type { SearchCheck } from '../kit/catalog/search-check.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { CONTROL, FormAlert } from '../kit/forms/field.tsx'
import { money } from '../kit/format/money.ts'
import { addressLine } from '../kit/catalog/office.ts'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import type { PageJoinNowProps } from './props.ts'
import { fillText } from '#schemas/fill-text.ts'
import type { JoinNowSettings } from './settings.ts'
import { nearQuery, officeQuery, plansQuery, positiveId } from './queries.ts'

export default function PageJoinNow({
  settings,
  locationId,
  planId,
  zip,
  near,
  expired,
  planIds,
  administrator,
}: PageJoinNowProps) {
  const officeId = positiveId(locationId)
  const officeProblem = locationId !== undefined && officeId === undefined
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 text-body">
      <header className="flex flex-col gap-2">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
      </header>
      {expired && <FormAlert tone="info">{settings.expired_notice}</FormAlert>}
      <InProgress settings={settings} />
      {officeId ? (
        <DataBoundary
          title={settings.office_title}
          explain={(error) =>
            error instanceof ApiRequestError && error.status === 404 ? (
              <OfficePicker settings={settings} zip={zip} checked={near} problem={settings.unknown_office} />
            ) : undefined
          }
        >
          <Office
            officeId={officeId}
            planId={positiveId(planId)}
            planIds={planIds}
            settings={settings}
            administrator={administrator}
          />
        </DataBoundary>
      ) : (
        <OfficePicker
          settings={settings}
          zip={zip}
          checked={near}
          problem={officeProblem ? settings.unknown_office : undefined}
        />
      )}
    </div>
  )
}

const fetchTransport: ApiTransport = (path, init) => fetch(path, init)
/**
 * This browser started a checkout (the token itself is HttpOnly): only then is there one to read,
 * so a first visit asks nothing and logs no 400.
 */
const STARTED = 'checkout-started'
const startedHere = () => {
  try {
    return window.localStorage.getItem(STARTED) !== null
  } catch {
    return false
  }
}
const subscribeNever = () => () => {}

/**
 * A checkout already under way in this browser: say so, and offer to go back to it. Read after
 * hydration (most visitors have none: the server does not render a failed read).
 */
function InProgress({ settings }: { settings: JoinNowSettings }) {
  const started = useSyncExternalStore(subscribeNever, startedHere, () => false)
  const { data: state } = useQuery({
    ...apiQueryOptions(checkoutStateQuery, useEngine().sources.transport ?? fetchTransport),
    enabled: started,
  })
  const { pathTo } = useEngine()
  const plan = state?.price?.lines[0]?.planName
  if (!state || state.step === 'completed' || !plan || !state.office) return null
  return (
    <FormAlert tone="info">
      {settings.in_progress.replace('{plan}', plan).replace('{office}', state.office.name)}{' '}
      <Link to={pathTo('checkout')} className="font-semibold underline">
        {settings.continue_checkout}
      </Link>
    </FormAlert>
  )
}

/** Offices near a ZIP code (a GET form: the search is in the address), each to choose. */
function OfficePicker({
  settings,
  zip,
  checked,
  problem,
}: {
  settings: JoinNowSettings
  zip: string | undefined
  checked: SearchCheck | undefined
  problem?: string | undefined
}) {
  const { pathTo } = useEngine()
  const id = useId()
  const zipProblem = checked && !checked.ok ? checked.problems.zip : undefined
  const near = nearQuery(checked)
  return (
    <section aria-labelledby="office-heading" className="flex flex-col gap-4">
      <h2 id="office-heading" className="text-2xl font-semibold">
        {settings.office_heading}
      </h2>
      {problem && <FormAlert>{problem}</FormAlert>}
      <form
        method="get"
        action={pathTo('join-now')}
        className="flex flex-wrap items-end gap-3"
        role="search"
        aria-label={settings.near_label}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-medium">
            {settings.zip_label}
          </label>
          <input
            id={id}
            name="zip"
            defaultValue={zip}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            className={CONTROL}
            aria-invalid={zipProblem ? true : undefined}
            aria-describedby={zipProblem ? `${id}-error` : undefined}
          />
        </div>
        <Button variant="primary" type="submit">
          {settings.zip_button}
        </Button>
        {zipProblem && (
          <p id={`${id}-error`} className="w-full font-medium text-red-700">
            {zipProblem}
          </p>
        )}
      </form>
      {near && (
        <DataBoundary
          title={settings.near_title}
          explain={(error) =>
            error instanceof ApiRequestError && error.status < 500 ? <FormAlert>{error.message}</FormAlert> : undefined
          }
        >
          <NearOffices query={near} settings={settings} />
        </DataBoundary>
      )}
    </section>
  )
}

function NearOffices({
  query,
  settings,
}: {
  query: NonNullable<ReturnType<typeof nearQuery>>
  settings: JoinNowSettings
}) {
  const { data } = useApiQuery(query)
  const { pathTo } = useEngine()
  if (!data.results.length) return <p role="status">{settings.no_office_near}</p>
  return (
    <ul aria-label={settings.near_list_label} className="grid gap-3 md:grid-cols-2">
      {data.results.map(({ office, distanceMiles, plans }) => (
        <Card key={office.id} as="li" padding="md" className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">{office.name}</h3>
          <p className="text-sm">
            {addressLine(office)}
            {distanceMiles !== null && ` · ${distanceMiles.toFixed(1)} miles`}
          </p>
          <p className="text-sm text-gray-700">{plans.map((plan) => plan.name).join(', ')}</p>
          <ButtonLink
            variant="outline"
            to={pathTo('join-now', {}, { location_id: office.id })}
            className="self-start"
            aria-label={`${settings.choose_office}: ${office.name}`}
          >
            {settings.choose_office}
          </ButtonLink>
        </Card>
      ))}
    </ul>
  )
}

function Office({
  officeId,
  planId,
  planIds,
  settings,
  administrator,
}: {
  officeId: number
  planId: number | undefined
  planIds: number[]
  settings: JoinNowSettings
  administrator: string
}) {
  const { data: office } = useApiQuery(officeQuery(officeId))
  const { data } = useApiQuery(plansQuery(officeId))
  const { pathTo } = useEngine()
  const [cycle, setCycle] = useState<'monthly' | 'annual'>('monthly')
  const plans = data.plans.filter((plan) => !planIds.length || planIds.includes(plan.id))
  const cycleName = useId()
  return (
    <>
      <section aria-labelledby="office-heading" className="flex flex-col gap-2">
        <h2 id="office-heading" className="text-2xl font-semibold">
          {settings.office_heading}
        </h2>
        <p className="text-lg font-semibold">{office.name}</p>
        <p>{addressLine(office)}</p>
        <Link to={pathTo('join-now')} className="self-start underline">
          {settings.change_office}
        </Link>
      </section>
      <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
        <h2 id="plans-heading" className="text-2xl font-semibold">
          {settings.plans_heading}
        </h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 font-medium">{settings.cycle_legend}</legend>
          {(['monthly', 'annual'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 rounded-md border border-gray-400 bg-white px-3 py-2">
              <input
                type="radio"
                name={cycleName}
                value={value}
                checked={cycle === value}
                onChange={() => setCycle(value)}
                className="size-4"
              />
              {value === 'monthly' ? settings.monthly : settings.annual}
            </label>
          ))}
        </fieldset>
        <NotInsurance text={settings.disclosure} administrator={administrator} texts={settings} />
        {plans.length ? (
          <Plans plans={plans} officeId={officeId} suggested={planId} cycle={cycle} settings={settings} />
        ) : (
          <p>{settings.no_plans}</p>
        )}
      </section>
    </>
  )
}

/** Each plan with both prices and its fees; choosing one starts (or changes) the checkout and goes to its next step. */
function Plans({
  plans,
  officeId,
  suggested,
  cycle,
  settings,
}: {
  plans: Plan[]
  officeId: number
  suggested: number | undefined
  cycle: 'monthly' | 'annual'
  settings: JoinNowSettings
}) {
  const navigate = useNavigate()
  const { pathTo } = useEngine()
  const start = useApiMutation(checkoutApi.start)
  const choice = useApiMutation(checkoutApi.choosePlan, {
    input: async (plan: Plan) => {
      // A read (GET), not a submit: the checkout under way, asked afresh at the click.
      const current = startedHere() ? await callApi(checkoutApi.state, undefined).catch(() => undefined) : undefined
      // A checkout under way keeps its account and members; otherwise a new one starts.
      if (!current || current.step === 'completed') {
        await start.mutateAsync({})
        try {
          window.localStorage.setItem(STARTED, new Date().toISOString())
        } catch {
          // Without storage, each plan chosen starts a new checkout.
        }
      }
      return { body: { planId: plan.id, officeId, billingCycle: cycle } }
    },
    onSuccess: async (state, _plan, client) => {
      setApiData(client, checkoutStateQuery, state)
      await navigate(pathTo('checkout'))
    },
  })
  // The plan chosen, from the click until the checkout's step has replaced this page.
  const pending = choice.isPending || choice.isSuccess ? choice.variables.id : undefined
  const problem = choice.error?.message
  const choose = (plan: Plan) => {
    if (pending === undefined) choice.mutate(plan)
  }
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
              <p className="text-sm">
                {plan.enrollmentFeeCents
                  ? fillText(settings.enrollment_fee, { fee: money(plan.enrollmentFeeCents) })
                  : settings.no_enrollment_fee}{' '}
                ·{' '}
                {plan.maxDependents
                  ? fillText(settings.covers_family, { count: plan.maxDependents })
                  : settings.covers_one}
              </p>
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
