import { Fragment } from 'react'
import { ApiRequestError, Link, useEngine } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import type { OfficeSearchResults } from '#schemas/api/directory.ts'
import type { DentistSearch } from '#schemas/search.ts'
import { cleanSearch, officeSearchQuery } from '../kit/catalog/dentist-search.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { money } from '../kit/format/money.ts'
import { addressLine, hoursLines, miles } from '../kit/catalog/office.ts'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import type { PageFindDentistProps } from './props.ts'
import type { FindDentistSettings } from './settings.ts'
import { fillParts, fillText } from '#schemas/fill-text.ts'

/** An unknown ZIP code is the visitor's to correct: said at the search, without a Retry. */
const explainSearchError = (settings: FindDentistSettings) => (error: Error) =>
  error instanceof ApiRequestError && error.status === 422 ? (
    <FormAlert>{fillText(settings.unknown_zip, { problem: error.message })}</FormAlert>
  ) : undefined

/** The offices the search found (or what to correct first), and the disclosure: a static part of the page. */
export default function OfficeResults({ search, checked, settings, administrator }: PageFindDentistProps) {
  return (
    <>
      {checked.ok ? (
        <DataBoundary title={settings.offices_title} explain={explainSearchError(settings)}>
          <Results
            query={officeSearchQuery(checked.search)}
            search={search}
            radius={Number(checked.search.radius ?? 25)}
            settings={settings}
          />
        </DataBoundary>
      ) : (
        <FormAlert>{settings.correct_search}</FormAlert>
      )}
      <NotInsurance text={settings.disclosure} administrator={administrator} texts={settings} />
    </>
  )
}

function Results({
  query,
  search,
  radius,
  settings,
}: {
  query: ReturnType<typeof officeSearchQuery>
  search: DentistSearch
  radius: number
  settings: FindDentistSettings
}) {
  const { data } = useApiQuery(query)
  const { pathTo } = useEngine()
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  const pageLink = (page: number) =>
    pathTo('find-a-dentist', {}, { ...cleanSearch(search), page: page === 1 ? undefined : page })
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-4">
      <h2 id="results-heading" className="text-2xl font-semibold">
        {settings.results_heading}
      </h2>
      <p role="status" className="text-gray-800">
        {summary(data, radius, settings)}
      </p>
      {data.results.length === 0 ? (
        <p>{settings.no_results}</p>
      ) : (
        <ol className="flex flex-col gap-4" start={(data.page - 1) * data.pageSize + 1}>
          {data.results.map((result) => (
            <li key={result.office.id}>
              <OfficeCard result={result} settings={settings} />
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label={settings.pages_label} className="flex items-center gap-4">
          {data.page > 1 && (
            <ButtonLink variant="outline" to={pageLink(data.page - 1)}>
              {settings.previous_page}
            </ButtonLink>
          )}
          <span>{fillText(settings.page_of, { page: data.page, pages })}</span>
          {data.page < pages && (
            <ButtonLink variant="outline" to={pageLink(data.page + 1)}>
              {settings.next_page}
            </ButtonLink>
          )}
        </nav>
      )}
    </section>
  )
}

/** “12 offices within 25 miles of 90210 (Beverly Hills, CA)”: what the list is, in words. */
function summary(
  data: Pick<OfficeSearchResults, 'total' | 'origin'>,
  radius: number,
  settings: FindDentistSettings,
): string {
  const count = fillText(data.total === 1 ? settings.one_office : settings.many_offices, { count: data.total })
  return data.origin
    ? fillText(settings.summary_near, { count, radius, ...data.origin })
    : fillText(settings.summary_all, { count })
}

function OfficeCard({
  result,
  settings,
}: {
  result: OfficeSearchResults['results'][number]
  settings: FindDentistSettings
}) {
  const { office, providers, plans, distanceMiles } = result
  const { pathTo } = useEngine()
  const cheapest = plans[0]
  return (
    <Card
      as="article"
      padding="md"
      aria-labelledby={`office-${office.id}`}
      className="flex flex-col gap-3 md:flex-row md:justify-between"
    >
      <div className="flex flex-col gap-2">
        <h3 id={`office-${office.id}`} className="text-xl font-semibold">
          <Link to={pathTo('office', { officeId: office.id })} className="underline">
            {office.name}
          </Link>
        </h3>
        <p>
          {distanceMiles !== null && (
            <strong>{`${fillText(settings.distance, { distance: miles(distanceMiles) })} · `}</strong>
          )}
          {addressLine(office)}
        </p>
        <p>
          <a href={phoneHref(office.phone)} className="underline">
            {formatPhone(office.phone)}
          </a>
          {' · '}
          {office.acceptingNewPatients ? settings.accepting : settings.not_accepting}
        </p>
        <p className="text-sm text-gray-700">
          {hoursLines(office.hours)
            .map((line) => `${line.days} ${line.time}`)
            .join(' · ')}
        </p>
        {providers.length > 0 && (
          <ul aria-label={fillText(settings.dentists_label, { office: office.name })} className="text-sm">
            {providers.map((provider) => (
              <li key={provider.id}>
                {provider.name}, {provider.specialty} ·{' '}
                {fillText(settings.dentist_languages, { languages: provider.languages.join(', ') })}
                {provider.acceptingNewPatients ? '' : ` · ${settings.dentist_not_accepting}`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 md:items-end">
        {cheapest && (
          <p className="text-lg">
            {fillParts(settings.plans_from, { price: <strong>{money(cheapest.monthlyPriceCents)}</strong> }).map(
              (part, index) => (
                <Fragment key={index}>{part}</Fragment>
              ),
            )}
          </p>
        )}
        {plans.length > 0 && <p className="text-sm text-gray-700">{plans.map((plan) => plan.name).join(', ')}</p>}
        <ButtonLink
          variant="primary"
          to={pathTo('join-now', {}, { location_id: office.id })}
          aria-label={`${settings.join_button}: ${office.name}`}
        >
          {settings.join_button}
        </ButtonLink>
      </div>
    </Card>
  )
}
