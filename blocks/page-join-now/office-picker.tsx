// The join page without an office yet: a ZIP search (a GET form) and the offices near it.
import { useId } from 'react'
import { ApiRequestError, useEngine, useHref } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import type { SearchCheck } from '../kit/catalog/search-check.ts'
import { addressLine } from '../kit/catalog/office.ts'
import { CONTROL, FormAlert } from '../kit/forms/field.tsx'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import { nearQuery } from './queries.ts'
import type { JoinNowSettings } from './settings.ts'

/** Offices near a ZIP code (a GET form: the search is in the address), each to choose. */
export function OfficePicker({
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
  // The browser sends the form (no script of its own): to the page in this page's language.
  const action = useHref(pathTo('join-now'))
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
        action={action}
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
