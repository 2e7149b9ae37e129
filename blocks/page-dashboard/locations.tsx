import { Link, useEngine } from '#engine'
import { useApiQuery } from '#engine/data'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'

/** The offices that accept the member's plan, each linking to its page. */
export function Locations({ findDentist, settings }: { findDentist: string; settings: DashboardSettings }) {
  const { data } = useApiQuery(dashboardQueries.locations)
  const { pathTo } = useEngine()
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {data.locations.map((office) => (
          <li key={office.id} className="flex flex-col">
            <Link to={pathTo('office', { officeId: office.id })} className="font-medium underline">
              {office.name}
            </Link>
            <span className="text-sm text-gray-700">
              {office.address.line}, {office.address.city}, {office.address.state} {office.address.zip} ·{' '}
              <a href={phoneHref(office.phone)} className="underline">
                {formatPhone(office.phone)}
              </a>
            </span>
          </li>
        ))}
      </ul>
      <Link to={findDentist} className="font-medium underline">
        {settings.find_dentist_link}
      </Link>
    </div>
  )
}
