import { useEffect, useReducer, useRef, useState, type SyntheticEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiQueryOptions, useEngine, useLoading, useToast, type ApiTransport } from '#engine'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { MemberInfo } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { fillText } from '#schemas/fill-text.ts'
import { officePlansQuery } from '../kit/catalog/office-queries.ts'
import type { CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { serverProblems } from '../kit/forms/server-problems.ts'
import { newPaymentKey } from './format.ts'
import { continueFrom, joinFlow, orderBody, startJoin, type NewDependent, type Order } from './join-flow.ts'
import { joinOfficesQuery } from './queries.ts'
import type { DashboardSettings } from './settings.ts'

const validateCoupon = () =>
  import('#schemas/api/directory.routes.ts').then((module) => module.catalogApi.validateCoupon)
const fetchTransport: ApiTransport = (path, init) => fetch(path, init)

/**
 * Joining (again) from the dashboard: the steps (join-flow.ts), the office's plans, the coupon
 * check before the family step, and the purchase. One charge per attempt (its idempotency key,
 * new after a failed one); a new step takes the focus to its heading (`heading`).
 */
export function useJoinDialog({
  info,
  settings,
  onClose,
}: {
  info: MemberInfo
  settings: DashboardSettings
  onClose: () => void
}) {
  const toast = useToast()
  const loading = useLoading()
  const transport = useEngine().sources.transport ?? fetchTransport
  const { data: offices } = useApiQuery(joinOfficesQuery)
  const [flow, dispatch] = useReducer(joinFlow, undefined, () => startJoin(info, offices.locations))
  const [key, setKey] = useState(newPaymentKey)
  const couponField = useRef<HTMLInputElement>(null)
  const card = useRef<CardFieldsHandle>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const { order, added } = flow
  const plans = useQuery({
    ...apiQueryOptions(officePlansQuery(order.officeId || 1), transport),
    enabled: order.officeId > 0,
  })
  const plan = plans.data?.plans.find((candidate) => candidate.id === order.planId)
  const body = orderBody(order, added)

  const purchase = useApiMutation(memberApi.purchaseSubscription, {
    // The card fields give their token inside the payment: their wait and their error are the payment's.
    input: async (fields: CardFieldsHandle) => ({
      // Asked only once both boxes are ticked (join-steps.tsx): the renewal terms' consent is sent with the order.
      body: {
        ...body,
        cardToken: (await fields.tokenize()).token,
        idempotencyKey: key,
        autoRenewalConsent: true as const,
      },
    }),
    // Joining charges the card and must not be interrupted: the overlay covers the page meanwhile.
    onMutate: () => loading.show(settings.join_working),
    onSuccess: (result, _fields, client) => {
      // Hidden before the dialog closes, so the dialog gives focus back to its button on the page.
      loading.hide()
      void invalidateApi(
        client,
        memberApi.info,
        memberApi.receipts,
        memberApi.balance,
        memberApi.idCard,
        memberApi.dependents,
        memberApi.locations,
        memberApi.plans,
      )
      toast.add({
        severity: 'success',
        summary: fillText(settings.join_done, { plan: result.subscription.planName }),
        life: 8000,
      })
      onClose()
    },
    // A declined card may be tried again, or another: a new attempt, a new key.
    onError: () => {
      loading.hide()
      setKey(newPaymentKey())
    },
  })

  // A code is asked of the coupon check before the next step: why it does not apply shows at its field.
  const couponRefused = (message: string | undefined) => {
    dispatch({ type: 'couponRefused', message })
    couponField.current?.focus()
  }
  const couponCheck = useApiMutation(validateCoupon, {
    onSuccess: (result) => (result.valid ? dispatch({ type: 'couponAccepted' }) : couponRefused(result.message)),
    onError: (error) => {
      const { placed, message } = serverProblems(error, ['query.coupon'])
      couponRefused(placed[0]?.[1] ?? message)
    },
  })

  // A new step is announced by moving focus to its heading (the dialog keeps focus inside).
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [flow.step])

  const busy = purchase.isPending
  return {
    ...flow,
    offices: offices.locations,
    /** The chosen office's plans, once read. */
    plans: plans.data?.plans,
    plan,
    body,
    busy,
    payError: purchase.error?.message,
    heading,
    couponField,
    card,
    /** Continue (a step's form submitted): the next step, the first step's problem, or the coupon check. */
    next: (event?: SyntheticEvent) => {
      event?.preventDefault()
      const move = continueFrom(flow, plan !== undefined)
      dispatch({ type: 'continued', move })
      if (move.kind === 'check-coupon' && !couponCheck.isPending)
        couponCheck.mutate({ query: { coupon: move.coupon, plan_id: order.planId, location_id: order.officeId } })
    },
    back: () => dispatch({ type: 'back' }),
    change: (change: Partial<Order>) => dispatch({ type: 'changed', change }),
    add: (person: NewDependent) => dispatch({ type: 'added', person }),
    remove: (position: number) => dispatch({ type: 'removed', position }),
    /** Pays with the card typed into the processor's fields (`card`), once at a time. */
    pay: () => {
      if (!busy && card.current) purchase.mutate(card.current)
    },
  }
}
