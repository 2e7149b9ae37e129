import { Fragment } from 'react'
import { Link, useEngine } from '#engine'
import { DataBoundary, Skeleton, useApiQuery } from '#engine/data'
import type { Plan, Provider } from '#schemas/api/directory.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { PlanTerms } from '../kit/catalog/plan-terms.tsx'
import { money } from '../kit/format/money.ts'
import { directionsUrl, hoursLines } from '../kit/catalog/office.ts'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import type { PageOfficeProps } from './props.ts'
import type { OfficeSettings } from './settings.ts'
import { officeQuery, plansQuery } from './queries.ts'
import { fillParts, fillText } from '#schemas/fill-text.ts'

/** Member fees a visitor looks for first, when the plan's schedule has them. */
const HIGHLIGHTED_CODES = ['D0120', 'D1110', 'D2391', 'D2740']
const AGES: Record<Provider['patientAges'], string> = {
  adults: 'Adults',
  children: 'Children',
  all: 'Adults and children',
}

export default function PageOffice({ settings, officeId, administrator }: PageOfficeProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 text-body">
      <DataBoundary
        title={settings.office_title}
        skeleton={
          <div>
            <h1 className="text-4xl font-bold">Office</h1>
            <Skeleton label={settings.office_title} />
          </div>
        }
      >
        <Office officeId={officeId} settings={settings} />
      </DataBoundary>
      <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
        <h2 id="plans-heading" className="text-2xl font-semibold">
          {settings.plans_heading}
        </h2>
        <NotInsurance text={settings.disclosure} administrator={administrator} texts={settings} />
        <DataBoundary title={settings.plans_title}>
          <Plans officeId={officeId} settings={settings} />
        </DataBoundary>
      </section>
    </div>
  )
}

function Office({ officeId, settings }: { officeId: number; settings: OfficeSettings }) {
  const { data: office } = useApiQuery(officeQuery(officeId))
  const { pathTo } = useEngine()
  const staffLanguages = office.staffLanguages.length ? office.staffLanguages.join(', ') : 'English'
  return (
    <>
      <header className="flex flex-col gap-3">
        <Link to={pathTo('find-a-dentist')} className="self-start underline">
          {settings.back_link}
        </Link>
        <h1 className="text-4xl font-bold">{office.name}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
        <p className={office.acceptingNewPatients ? 'font-semibold text-green-800' : 'font-semibold text-gray-800'}>
          {office.acceptingNewPatients ? settings.accepting : settings.not_accepting}
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="visit-heading" className="flex flex-col gap-2">
          <h2 id="visit-heading" className="text-xl font-semibold">
            {settings.address_heading}
          </h2>
          <address className="not-italic">
            {office.address.line}
            <br />
            {office.address.city}, {office.address.state} {office.address.zip}
          </address>
          <a href={directionsUrl(office)} className="underline" target="_blank" rel="noopener noreferrer">
            {fillText(settings.directions_link, { office: office.name })}
          </a>
          <a href={phoneHref(office.phone)} className="underline">
            {fillText(settings.call_link, { phone: formatPhone(office.phone) })}
          </a>
        </section>
        <section aria-labelledby="hours-heading" className="flex flex-col gap-2">
          <h2 id="hours-heading" className="text-xl font-semibold">
            Hours
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {hoursLines(office.hours).map((line) => (
              <div key={line.days} className="contents">
                <dt>
                  <abbr title={line.daysLabel} className="no-underline">
                    {line.days}
                  </abbr>
                </dt>
                <dd>{line.time}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="access-heading" className="flex flex-col gap-2">
          <h2 id="access-heading" className="text-xl font-semibold">
            {settings.access_heading}
          </h2>
          <p>{office.accessibility.length ? office.accessibility.join(', ') : settings.access_unknown}</p>
          <p>{fillText(settings.staff_languages, { languages: staffLanguages })}</p>
        </section>
      </div>
      <section aria-labelledby="dentists-heading" className="flex flex-col gap-3">
        <h2 id="dentists-heading" className="text-2xl font-semibold">
          {settings.dentists_heading}
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {office.providers.map((provider) => (
            <Card key={provider.id} as="li" padding="md" className="flex flex-col gap-1">
              <h3 className="text-lg font-semibold">{provider.name}</h3>
              <p>
                {provider.providerType}, {provider.specialty} · {AGES[provider.patientAges]}
              </p>
              <p className="text-sm text-gray-700">
                {fillText(settings.provider_languages, { languages: provider.languages.join(', ') })}
              </p>
              {provider.boardCertification && (
                <p className="text-sm text-gray-700">
                  {fillText(settings.board_certified, { certification: provider.boardCertification })}
                </p>
              )}
              <p className="text-sm">
                {provider.acceptingNewPatients ? settings.provider_accepting : settings.provider_not_accepting}
              </p>
            </Card>
          ))}
        </ul>
      </section>
    </>
  )
}

function Plans({ officeId, settings }: { officeId: number; settings: OfficeSettings }) {
  const { data } = useApiQuery(plansQuery(officeId))
  const { pathTo } = useEngine()
  if (!data.plans.length) return <p>{settings.no_plans}</p>
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {data.plans.map((plan) => (
        <Card key={plan.id} as="li" padding="md" className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{plan.name}</h3>
          <p className="text-sm text-gray-700">{plan.description}</p>
          <p>
            {fillParts(settings.plan_price, {
              monthly: <strong className="text-2xl">{money(plan.monthlyPriceCents)}</strong>,
              annual: money(plan.annualPriceCents),
            }).map((part, index) => (
              <Fragment key={index}>{part}</Fragment>
            ))}
          </p>
          <PlanTerms plan={plan} texts={settings} coversFamily={settings.covers_dependents} />
          <MemberFees plan={plan} settings={settings} />
          <ButtonLink
            variant="primary"
            to={pathTo('join-now', {}, { location_id: officeId, plan_id: plan.id })}
            className="self-start"
            aria-label={`${settings.join_button}: ${plan.name}`}
          >
            {settings.join_button}
          </ButtonLink>
        </Card>
      ))}
    </ul>
  )
}

function MemberFees({ plan, settings }: { plan: Plan; settings: OfficeSettings }) {
  const fees = plan.feeSchedule.filter((fee) => HIGHLIGHTED_CODES.includes(fee.code))
  if (!fees.length) return null
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
      {fees.map((fee) => (
        <div key={fee.code} className="contents">
          <dt>{fee.procedure}</dt>
          <dd>
            <del className="text-gray-600">
              <span className="sr-only">{`${settings.usual_fee} `}</span>
              {money(fee.usualFeeCents)}
            </del>{' '}
            <strong>
              <span className="sr-only">{`${settings.member_fee} `}</span>
              {money(fee.memberFeeCents)}
            </strong>
          </dd>
        </div>
      ))}
    </dl>
  )
}
