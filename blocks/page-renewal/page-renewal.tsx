import { useEffect, useRef } from 'react'
import { ApiRequestError, Link } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { RenewalLink } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { fillText } from '#schemas/fill-text.ts'
import { useDates } from '../kit/format/dates.ts'
import { money } from '../kit/format/money.ts'
import { FormAlert } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import type { PageRenewalProps } from './props.ts'
import { renewalLinkQuery } from './queries.ts'
import type { RenewalSettings } from './settings.ts'

/** A renewal notice's link: what renews and when, and one button that turns renewal off. */
export default function PageRenewal({ settings, token, paths }: PageRenewalProps) {
  // The server's sentence for a link that has expired or was changed is the page's own.
  const expired = (error: Error) =>
    error instanceof ApiRequestError && error.status === 400 ? (
      <FormAlert>{settings.expired_link}</FormAlert>
    ) : undefined
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 text-body">
      <h1 className="text-4xl font-bold">{settings.heading}</h1>
      {token ? (
        <DataBoundary title={settings.details_title} explain={expired}>
          <Renewal settings={settings} token={token} />
        </DataBoundary>
      ) : (
        <FormAlert>{settings.expired_link}</FormAlert>
      )}
      <p>
        <Link to={paths.dashboard} className="font-bold underline">
          {settings.dashboard_link}
        </Link>
      </p>
    </div>
  )
}

function Renewal({ settings, token }: { settings: RenewalSettings; token: string }) {
  const { data } = useApiQuery(renewalLinkQuery(token))
  const turnOff = useApiMutation(memberApi.renewalOff)
  const done = turnOff.data
  const result = useRef<HTMLDivElement>(null)
  const dates = useDates()
  // The outcome takes the focus, so that it is read out where the button was.
  useEffect(() => {
    if (done || turnOff.error) result.current?.focus()
  }, [done, turnOff.error])
  const problem =
    turnOff.error instanceof ApiRequestError && turnOff.error.status === 400
      ? settings.expired_link
      : turnOff.error?.message
  return (
    <div ref={result} tabIndex={-1} className="flex flex-col gap-4 outline-none">
      {done ? (
        <p role="status" className="text-lg font-semibold">
          {fillText(settings.is_off, { plan: done.plan, date: dates.long(endOf(done), done.timeZone) })}
        </p>
      ) : (
        <Current settings={settings} link={data} />
      )}
      {!done && data.status === 'active' && data.autoRenew && (
        <Button
          variant="primary"
          className="self-start"
          disabled={turnOff.isPending}
          onClick={() => turnOff.mutate({ body: { token } })}
        >
          {turnOff.isPending ? settings.turning_off : settings.turn_off_button}
        </Button>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  )
}

/** The day cover ends once renewal is off: the end date, or the renewal date it replaces. */
const endOf = (link: RenewalLink) => link.endsAt ?? link.renewsAt

function Current({ settings, link }: { settings: RenewalSettings; link: RenewalLink }) {
  const dates = useDates()
  if (link.status === 'ending')
    return <p>{fillText(settings.already_off, { plan: link.plan, date: dates.long(endOf(link), link.timeZone) })}</p>
  if (link.status !== 'active' || !link.autoRenew) return <p>{fillText(settings.not_renewing, { plan: link.plan })}</p>
  const date = dates.long(link.renewsAt, link.timeZone)
  return (
    <>
      <p className="text-lg">
        {fillText(settings.renews, {
          first_name: link.firstName,
          plan: link.plan,
          date,
          amount: money(link.priceCents),
        })}
      </p>
      <p>{fillText(settings.turn_off_help, { date })}</p>
    </>
  )
}
