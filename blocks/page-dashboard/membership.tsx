import { useState } from 'react'
import { callApi, Link, useConfirm, useEngine, useLocale, useToast } from '#engine'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/members.routes.ts'
import { isCovered } from '#schemas/membership-states.ts'
import type { DashboardSettings } from './settings.ts'
import { CONTROL } from '../kit/forms/field.tsx'
import { fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import { changeWords, confirmWords } from './change-words.ts'
import { useDates } from '../kit/format/dates.ts'
import { newPaymentKey } from './format.ts'
import { dashboardQueries, updateInfo } from './queries.ts'

const CYCLE = { monthly: 'month', annual: 'year' } as const

/** Plan, office, status, dates and renewal; auto-renew, renew now and switch plan. */
export function Membership({ settings }: { settings: DashboardSettings }) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const { pathTo } = useEngine()
  const dates = useDates()
  const subscription = info.subscription
  const covered = subscription ? isCovered(subscription.status) : false
  return (
    <div className="flex flex-col gap-4">
      <p className="text-gray-700">
        {settings.greeting}, {info.firstName}. {settings.member_number}{' '}
        <strong className="text-body">{info.memberNumber}</strong>
      </p>
      {subscription ? (
        <>
          <dl className="grid grid-cols-[minmax(8.5rem,max-content)_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium">{settings.plan_label}</dt>
            <dd>{subscription.planName}</dd>
            <dt className="font-medium">{settings.office_label}</dt>
            <dd>
              {subscription.officeId && subscription.officeName ? (
                <Link to={pathTo('office', { officeId: subscription.officeId })} className="underline">
                  {subscription.officeName}
                </Link>
              ) : (
                settings.any_office
              )}
            </dd>
            <dt className="font-medium">{settings.status_label}</dt>
            <dd>{settings[`status_${subscription.status}`]}</dd>
            <dt className="font-medium">{settings.member_since}</dt>
            <dd>{dates.short(subscription.startedAt, subscription.timeZone)}</dd>
            <dt className="font-medium">
              {!covered
                ? settings.ended_on
                : subscription.status === 'past_due'
                  ? settings.valid_until
                  : subscription.autoRenew
                    ? settings.renews_on
                    : settings.ends_on}
            </dt>
            <dd>{dates.short(subscription.endsAt ?? subscription.renewsAt, subscription.timeZone)}</dd>
            {covered && (
              <>
                <dt className="font-medium">{settings.renewal_amount}</dt>
                <dd>
                  {money(subscription.renewalCents)} a {CYCLE[subscription.billingCycle]} ({1 + info.dependents.length}{' '}
                  {info.dependents.length ? 'members' : 'member'})
                </dd>
              </>
            )}
          </dl>
          {/* An ended membership offers only what applies to it: joining again (join.tsx). */}
          {covered && (
            <>
              <AutoRenew
                on={subscription.autoRenew}
                settings={settings}
                amount={`${money(subscription.renewalCents)} a ${CYCLE[subscription.billingCycle]}`}
              />
              {subscription.status === 'active' && (
                <div className="flex flex-wrap gap-3">
                  <RenewNow amountCents={subscription.renewalCents} settings={settings} />
                </div>
              )}
              <SwitchPlan currentPlanId={subscription.planId} settings={settings} />
            </>
          )}
        </>
      ) : (
        <p>{settings.no_membership}</p>
      )}
    </div>
  )
}

/** Turning renewal off is one click; turning it on asks for consent with the terms beside it. */
function AutoRenew({ on, settings, amount }: { on: boolean; settings: DashboardSettings; amount: string }) {
  const confirm = useConfirm()
  const toast = useToast()
  const mutation = useApiMutation(memberApi.autoRenew, {
    onSuccess: (subscription, _input, client) => {
      updateInfo(client, (info) => ({ ...info, subscription }))
      void invalidateApi(client, memberApi.balance)
      toast.add({
        severity: 'success',
        summary: subscription.autoRenew ? 'Automatic renewal is on' : 'Automatic renewal is off',
        life: 5000,
      })
    },
    onError: (error) =>
      toast.add({ severity: 'error', summary: 'The change was not saved', detail: error.message, life: 8000 }),
  })
  const toggle = async () => {
    // Not disabled while saving: focus stays on the switch (the confirm dialog returns it there).
    if (mutation.isPending) return
    if (on) return mutation.mutate({ body: { autoRenew: false } })
    const agreed = await confirm({
      title: settings.auto_renew_confirm_title,
      message: `${settings.auto_renew_terms}\n\n${fillText(settings.auto_renew_confirm_price, { amount })}`,
      okText: settings.auto_renew_agree,
      cancelText: settings.auto_renew_keep_off,
    })
    if (agreed) mutation.mutate({ body: { autoRenew: true } })
  }
  return (
    <div className="flex flex-col gap-1 rounded-md bg-gray-50 p-3">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="auto-renew-label"
          aria-describedby="auto-renew-help"
          aria-busy={mutation.isPending}
          onClick={() => void toggle()}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ${on ? 'bg-brand' : 'bg-gray-500'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
        <span id="auto-renew-label" className="font-medium">
          {settings.auto_renew_label}: {on ? 'on' : 'off'}
        </span>
      </div>
      <p id="auto-renew-help" className="text-sm text-gray-700">
        {settings.auto_renew_help}
      </p>
    </div>
  )
}

/** Renews for another period now, with the card on file, once per attempt. */
function RenewNow({ amountCents, settings }: { amountCents: number; settings: DashboardSettings }) {
  const confirm = useConfirm()
  const toast = useToast()
  const [key, setKey] = useState(newPaymentKey)
  const mutation = useApiMutation(memberApi.renewSubscription, {
    onSuccess: (result, _input, client) => {
      updateInfo(client, (info) => ({ ...info, subscription: result.subscription }))
      void invalidateApi(client, memberApi.receipts, memberApi.balance, memberApi.idCard)
      setKey(newPaymentKey())
      toast.add({
        severity: 'success',
        summary: 'Membership renewed',
        detail: `${money(result.receipt.amountCents)} charged to the card ending ${result.receipt.cardLast4}.`,
        life: 6000,
      })
    },
    onError: (error) =>
      toast.add({ severity: 'error', summary: 'The renewal did not go through', detail: error.message, life: 10000 }),
  })
  const renew = async () => {
    const amount = money(amountCents)
    const agreed = await confirm({
      title: settings.renew_confirm_title,
      message: fillText(settings.renew_confirm_message, { amount }),
      okText: fillText(settings.pay_button, { amount }),
    })
    if (agreed) mutation.mutate({ body: { idempotencyKey: key } })
  }
  return (
    <Button variant="outline" disabled={mutation.isPending} onClick={() => void renew()}>
      {mutation.isPending ? 'Renewing…' : settings.renew_button}
    </Button>
  )
}

/** Switches plans: the price difference is the server's, shown before confirming. */
function SwitchPlan({ currentPlanId, settings }: { currentPlanId: number; settings: DashboardSettings }) {
  const { data } = useApiQuery(dashboardQueries.plans)
  const confirm = useConfirm()
  const toast = useToast()
  const language = useLocale()
  const [planId, setPlanId] = useState('')
  const [problem, setProblem] = useState<string>()
  const [key, setKey] = useState(newPaymentKey)
  const mutation = useApiMutation(memberApi.switchPlan, {
    onSuccess: (subscription, _input, client) => {
      updateInfo(client, (info) => ({ ...info, subscription }))
      void invalidateApi(
        client,
        memberApi.balance,
        memberApi.idCard,
        memberApi.plans,
        memberApi.receipts,
        memberApi.history,
      )
      setPlanId('')
      setKey(newPaymentKey())
      toast.add({ severity: 'success', summary: `You are now on the ${subscription.planName} plan`, life: 6000 })
    },
    onError: (error) => setProblem(error.message),
  })
  const others = data.plans.filter((plan) => plan.id !== currentPlanId)
  if (!others.length) return null
  const review = async () => {
    setProblem(undefined)
    if (!planId) return setProblem('Choose a plan to switch to')
    try {
      // A read (GET), not a submit: the price as of this click, never a cached one.
      const quote = await callApi(memberApi.switchQuote, { params: { id: Number(planId) } })
      const period = CYCLE[quote.billingCycle]
      const difference = { amount: money(Math.abs(quote.differenceCents)), period }
      const change =
        quote.differenceCents === 0
          ? settings.switch_same_price
          : fillText(quote.differenceCents > 0 ? settings.switch_costs_more : settings.switch_saves, difference)
      const agreed = await confirm({
        title: fillText(settings.switch_confirm_title, { plan: quote.planName }),
        message: fillText(settings.switch_confirm_message, {
          price: money(quote.newCents),
          period,
          current: money(quote.currentCents),
          change,
          now: changeWords(quote, settings, language),
        }),
        okText: confirmWords(quote, settings, settings.switch_confirm_button),
      })
      if (agreed)
        mutation.mutate({
          params: { id: quote.planId },
          body: { confirmedCents: quote.dueNowCents, idempotencyKey: key },
        })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
      <label htmlFor="switch-plan" className="font-medium">
        {settings.switch_label}
      </label>
      {/* As tall as the button beside it: a shorter select grew when the button arrived (a layout shift). */}
      <div className="flex flex-wrap gap-3">
        <select
          id="switch-plan"
          value={planId}
          onChange={(event) => setPlanId(event.target.value)}
          className={`${CONTROL} h-11`}
          aria-describedby={problem ? 'switch-plan-problem' : undefined}
        >
          <option value="">{settings.switch_placeholder}</option>
          {others.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
        <Button variant="outline" disabled={mutation.isPending} onClick={() => void review()}>
          {settings.switch_button}
        </Button>
      </div>
      {problem && (
        <p id="switch-plan-problem" role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  )
}
