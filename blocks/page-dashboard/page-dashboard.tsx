import { lazy, Suspense, type ReactNode } from 'react'
import { Link } from '#engine'
import { DataBoundary } from '#engine/data'
import { Card } from '../kit/ui/card.tsx'
import type { PageDashboardProps } from './props.ts'
import { BalanceAndBilling, UpdateCard } from './billing.tsx'
import { Dependents } from './dependents.tsx'
import { IdCards } from './id-cards.tsx'
import { Locations } from './locations.tsx'
import { Membership } from './membership.tsx'
import { Profile } from './profile.tsx'
import { Receipts } from './receipts.tsx'

/** The offer to join (again), for an account without a membership that covers: not part of the dashboard's start. */
const Join = lazy(() => import('./join.tsx'))
/**
 * A membership's life beyond the first paint's code (cancel, keep, history, a failed payment's
 * banner): one chunk of its own, which the server renders into the page and the browser loads as
 * it hydrates (not part of the dashboard's initial JavaScript).
 */
const Lifecycle = lazy(() => import('./lifecycle.tsx'))

/** The member dashboard: each area is its own section, with its own loading and its own errors. */
export default function PageDashboard(props: PageDashboardProps) {
  const { settings, companyName, paymentFields, paths } = props
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold text-body">{settings.heading}</h1>
      </header>
      <Suspense fallback={null}>
        <Lifecycle
          part="banner"
          settings={settings}
          updateCard={(hasCard) => <UpdateCard hasCard={hasCard} paymentFields={paymentFields} settings={settings} />}
        />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <Area id="membership" title={settings.membership_heading}>
          <Membership settings={settings} />
          <Suspense fallback={null}>
            <Join {...props} />
            <Lifecycle part="membership" settings={settings} />
          </Suspense>
        </Area>
        <Area id="balance" title={settings.balance_heading}>
          <BalanceAndBilling paymentFields={paymentFields} settings={settings} />
        </Area>
        <Area id="id-cards" title={settings.id_cards_heading} help={settings.id_cards_help} wide>
          <IdCards settings={settings} companyName={companyName} />
        </Area>
        <Area id="dependents" title={settings.dependents_heading} help={settings.dependents_help} wide>
          <Dependents settings={settings} />
        </Area>
        <Area id="receipts" title={settings.receipts_heading} wide>
          <Receipts companyName={companyName} settings={settings} />
        </Area>
        <Area id="profile" title={settings.profile_heading}>
          <Profile settings={settings} languages={props.languages} />
        </Area>
        <Area id="locations" title={settings.locations_heading} help={settings.locations_help}>
          <Locations findDentist={paths.findDentist} settings={settings} />
        </Area>
      </div>
      <Card as="aside" padding="lg" aria-label={settings.grievances_label} className="flex flex-col gap-2 text-body">
        <p>{settings.grievance_help}</p>
        <p>
          <Link to={paths.grievance} className="font-bold underline">
            {settings.grievance_label}
          </Link>
        </p>
        <p>
          <Link to={paths.grievances} className="underline">
            {settings.grievances_link}
          </Link>
        </p>
      </Card>
      <p className="text-sm text-gray-700">{settings.disclosure}</p>
    </div>
  )
}

/** A dashboard area: a labelled section whose data loads, fails and retries on its own. */
function Area({
  id,
  title,
  help,
  wide = false,
  children,
}: {
  id: string
  title: string
  help?: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <Card
      as="section"
      padding="lg"
      raised
      aria-labelledby={`${id}-heading`}
      className={`flex flex-col gap-4 text-body ${wide ? 'lg:col-span-2' : ''}`}
      data-area={id}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {help && <p className="text-sm text-gray-700">{help}</p>}
      </div>
      <DataBoundary title={title.toLowerCase()}>{children}</DataBoundary>
    </Card>
  )
}
