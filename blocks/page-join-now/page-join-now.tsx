import { useId } from 'react'
import { ApiRequestError, Link, useEngine } from '#engine'
import { DataBoundary } from '#engine/data'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { addressLine } from '../kit/catalog/office.ts'
import type { PageJoinNowProps } from './props.ts'
import type { JoinNowSettings } from './settings.ts'
import { positiveId } from './queries.ts'
import { Plans } from './join-plans.tsx'
import { OfficePicker } from './office-picker.tsx'
import { useCheckoutInProgress, useOfficePlans } from './use-join-now.ts'

/** The join page: an office (or a ZIP search for one), its plans, and choosing one (use-join-now.ts). */
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

/** A checkout already under way in this browser: say so, and offer to go back to it. */
function InProgress({ settings }: { settings: JoinNowSettings }) {
  const inProgress = useCheckoutInProgress()
  const { pathTo } = useEngine()
  if (!inProgress) return null
  return (
    <FormAlert tone="info">
      {settings.in_progress.replace('{plan}', inProgress.plan).replace('{office}', inProgress.office)}{' '}
      <Link to={pathTo('checkout')} className="font-semibold underline">
        {settings.continue_checkout}
      </Link>
    </FormAlert>
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
  const { office, plans, cycle, chooseCycle } = useOfficePlans(officeId, planIds)
  const { pathTo } = useEngine()
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
                onChange={() => chooseCycle(value)}
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
