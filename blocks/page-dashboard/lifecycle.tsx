import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiQueryOptions, useEngine, useLoadWhenIdle, useLocale, useToast, type ApiTransport } from '#engine'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/members.routes.ts'
import { longDate, useDates } from '../kit/format/dates.ts'
import { fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import { accountQuery, setSubscription } from './lifecycle-queries.ts'
import type { DashboardSettings } from './settings.ts'

/**
 * A membership's life on the dashboard, beyond its first paint (loaded apart from the dashboard's
 * start, see membership.tsx): cancelling, keeping an ending membership, its history, and the banner
 * of a failed renewal payment.
 */
const loadCancelDialog = () => import('./cancel-dialog.tsx')
const CancelDialog = lazy(loadCancelDialog)
const loadHistory = () => import('./history.tsx')
const History = lazy(loadHistory)

const fetchTransport: ApiTransport = (path, init) => fetch(path, init)

const CYCLE = { monthly: 'month', annual: 'year' } as const

/**
 * The chunk's one entry: the banner at the top of the dashboard, or the membership area's part
 * (one lazy component for both, so the dashboard's start carries one loader).
 */
export default function Lifecycle({
  part,
  settings,
  updateCard,
}: {
  part: 'banner' | 'membership'
  settings: DashboardSettings
  /** The banner's card button (the billing area's, billing.tsx). */
  updateCard?: (hasCard: boolean) => ReactNode
}) {
  return part === 'banner' ? (
    <PastDueBanner settings={settings} updateCard={updateCard ?? (() => null)} />
  ) : (
    <MembershipLifecycle settings={settings} />
  )
}

/** Cancel (what happens, then one confirm), Keep my membership when it is ending, and the history. */
function MembershipLifecycle({ settings }: { settings: DashboardSettings }) {
  const { data: info } = useApiQuery(accountQuery)
  const dates = useDates()
  const subscription = info.subscription
  if (!subscription) return null
  const { status } = subscription
  return (
    <div className="flex flex-col gap-4">
      {status === 'ending' && subscription.endsAt && (
        <Keep
          settings={settings}
          date={dates.long(subscription.endsAt, subscription.timeZone)}
          amount={`${money(subscription.renewalCents)} a ${CYCLE[subscription.billingCycle]}`}
        />
      )}
      {(status === 'active' || status === 'ending' || status === 'past_due') && (
        <Cancel settings={settings} timeZone={subscription.timeZone} />
      )}
      <HistoryDisclosure settings={settings} />
    </div>
  )
}

/** The history, in a disclosure: its code and its data load when it is first opened. */
function HistoryDisclosure({ settings }: { settings: DashboardSettings }) {
  const [opened, setOpened] = useState(false)
  return (
    <details
      className="border-t border-gray-200 pt-4"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true)
      }}
    >
      <summary className="cursor-pointer font-medium">{settings.history_heading}</summary>
      {opened && (
        <Suspense fallback={null}>
          <History settings={settings} />
        </Suspense>
      )}
    </details>
  )
}

/** Opens the cancellation dialog; its code loads once the page is idle, or when it first opens. */
function Cancel({ settings, timeZone }: { settings: DashboardSettings; timeZone: string }) {
  const [open, setOpen] = useState(false)
  useLoadWhenIdle(loadCancelDialog)
  return (
    <div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {settings.cancel_button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CancelDialog
            settings={settings}
            timeZone={timeZone}
            onClose={() => setOpen(false)}
            onCancelled={setSubscription}
          />
        </Suspense>
      )}
    </div>
  )
}

/**
 * Keeps an ending membership with one click: renewal back on. The click is the consent to
 * automatic renewal, so what it agrees to (the date, the price, the card, how to stop) is said
 * beside the button, as the switch's consent dialog says it.
 */
function Keep({ settings, date, amount }: { settings: DashboardSettings; date: string; amount: string }) {
  const toast = useToast()
  const language = useLocale()
  const mutation = useApiMutation(memberApi.autoRenew, {
    onSuccess: (subscription, _input, client) => {
      setSubscription(client, subscription)
      void invalidateApi(client, memberApi.balance, memberApi.history, memberApi.cancellationQuote)
      toast.add({
        severity: 'success',
        summary: fillText(settings.kept, { date: longDate(subscription.renewsAt, subscription.timeZone, language) }),
        life: 6000,
      })
    },
    onError: (error) =>
      toast.add({ severity: 'error', summary: 'The change was not saved', detail: error.message, life: 8000 }),
  })
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p id="keep-membership-help">{fillText(settings.keep_help, { date, amount })}</p>
      <div>
        <Button
          variant="primary"
          aria-describedby="keep-membership-help"
          aria-busy={mutation.isPending}
          onClick={() => {
            if (!mutation.isPending) mutation.mutate({ body: { autoRenew: true } })
          }}
        >
          {settings.keep_button}
        </Button>
      </div>
    </div>
  )
}

/**
 * At the top of the dashboard while a renewal payment has failed: what failed, when the card is
 * tried again, and the card dialog (a new card is charged at once).
 */
function PastDueBanner({
  settings,
  updateCard,
}: {
  settings: DashboardSettings
  /** The billing area's Update card button and dialog (billing.tsx), for the card on file or none. */
  updateCard: (hasCard: boolean) => ReactNode
}) {
  // Not a suspending read: were the account not to load, its area says so, and the banner is absent.
  const { data: info } = useQuery(apiQueryOptions(accountQuery, useEngine().sources.transport ?? fetchTransport))
  const dates = useDates()
  const subscription = info?.subscription
  if (!info || subscription?.status !== 'past_due') return null
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">
        {fillText(settings.past_due_banner, {
          amount: money(subscription.renewalCents),
          date: subscription.nextRetryAt ? dates.long(subscription.nextRetryAt, subscription.timeZone) : '',
          ends_on: subscription.endsAt ? dates.long(subscription.endsAt, subscription.timeZone) : '',
        })}
      </p>
      <div>{updateCard(info.paymentMethod !== null)}</div>
    </div>
  )
}
