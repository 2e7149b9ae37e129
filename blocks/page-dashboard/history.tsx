import { DataBoundary, Skeleton, useApiQuery } from '#engine/data'
import { DataTable } from '#engine/table'
import type { MembershipHistoryEvent } from '#schemas/api/members.ts'
import { fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { useDates } from '../kit/format/dates.ts'
import { memberZone } from './format.ts'
import { accountQuery, lifecycleQueries } from './lifecycle-queries.ts'
import type { DashboardSettings } from './settings.ts'

/** The membership's history, newest first (loaded when its disclosure is first opened). */
export default function History({ settings }: { settings: DashboardSettings }) {
  return (
    <DataBoundary
      title={settings.history_heading.toLowerCase()}
      skeleton={<Skeleton label={settings.history_heading.toLowerCase()} lines={3} />}
    >
      <Events settings={settings} />
    </DataBoundary>
  )
}

const amount = (event: MembershipHistoryEvent, settings: DashboardSettings) =>
  event.refundedCents !== null
    ? fillText(settings.history_refunded, { amount: money(event.refundedCents) })
    : event.chargedCents !== null
      ? fillText(settings.history_charged, { amount: money(event.chargedCents) })
      : ''

function Events({ settings }: { settings: DashboardSettings }) {
  const { data } = useApiQuery(lifecycleQueries.history)
  const { data: info } = useApiQuery(accountQuery)
  const dates = useDates()
  const zone = memberZone(info)
  if (!data.events.length) return <p className="mt-3">{settings.history_empty}</p>
  return (
    <div className="mt-3 overflow-x-auto">
      <DataTable
        className="w-full text-left"
        caption={settings.history_caption}
        columns={[
          {
            header: settings.history_date,
            cell: (event) => dates.short(event.at, zone),
            className: 'py-2 pr-4',
            cellClassName: 'whitespace-nowrap',
          },
          { header: settings.history_what, cell: (event) => settings[`event_${event.event}`], className: 'py-2 pr-4' },
          {
            header: settings.history_amount,
            cell: (event) => amount(event, settings),
            align: 'right',
            className: 'py-2',
            cellClassName: 'whitespace-nowrap',
          },
        ]}
        rows={data.events}
        rowKey={(event) => `${event.at}-${event.event}`}
        headRowClassName="border-b border-gray-300"
        rowClassName="border-b border-gray-200"
      />
    </div>
  )
}
