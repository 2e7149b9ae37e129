import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiQueryOptions, useEngine, useLoading, useToast, type ApiTransport } from '#engine'
import { Dialog } from '#engine/dialog'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { MemberInfo } from '#schemas/api/member.ts'
import { memberApi } from '#schemas/api/member.routes.ts'
import { officePlansQuery } from '../kit/catalog/office-queries.ts'
import type { CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { fillText } from '#schemas/fill-text.ts'
import { FormAlert } from '../kit/forms/field.tsx'
import { serverProblems } from '../kit/forms/light-form.ts'
import { Button } from '../kit/ui/button.tsx'
import { newPaymentKey } from './format.ts'
import type { JoinProps } from './join.tsx'
import { FamilyStep, PaymentStep, PlanStep, type NewDependent, type Order } from './join-steps.tsx'
import { dashboardQueries } from './queries.ts'

const validateCoupon = () => import('#schemas/api/catalog.routes.ts').then((module) => module.catalogApi.validateCoupon)
const fetchTransport: ApiTransport = (path, init) => fetch(path, init)
const STEPS = ['plan', 'family', 'payment'] as const
type Step = (typeof STEPS)[number]

/**
 * Joining (again) from the dashboard, the checkout's steps with the account known: office and
 * plan, family (those on the account kept, more added), then the card, the terms and the consent.
 * One charge per attempt (its idempotency key); the dashboard then shows the new membership.
 */
export default function JoinDialog({ info, onClose, ...props }: JoinProps & { info: MemberInfo; onClose: () => void }) {
  const { settings } = props
  const previous = info.subscription
  const toast = useToast()
  const loading = useLoading()
  const transport = useEngine().sources.transport ?? fetchTransport
  const { data: offices } = useApiQuery(dashboardQueries.locations)
  const [step, setStep] = useState<Step>('plan')
  const [order, setOrder] = useState<Order>({
    officeId: previous?.officeId ?? offices.locations[0]?.id ?? 0,
    planId: previous?.planId ?? 0,
    billingCycle: previous?.billingCycle ?? 'monthly',
    couponCode: '',
  })
  const [added, setAdded] = useState<NewDependent[]>([])
  const [problem, setProblem] = useState<string>()
  const [couponProblem, setCouponProblem] = useState<string>()
  const couponField = useRef<HTMLInputElement>(null)
  const [key, setKey] = useState(newPaymentKey)
  const card = useRef<CardFieldsHandle>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const plans = useQuery({
    ...apiQueryOptions(officePlansQuery(order.officeId || 1), transport),
    enabled: order.officeId > 0,
  })
  const plan = plans.data?.plans.find((candidate) => candidate.id === order.planId)
  const body = {
    planId: order.planId,
    officeId: order.officeId,
    billingCycle: order.billingCycle,
    ...(order.couponCode.trim() ? { couponCode: order.couponCode.trim() } : {}),
    newDependents: added,
  }
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
  const couponCheck = useApiMutation(validateCoupon, {
    onSuccess: (result) => {
      if (result.valid) return setStep('family')
      setCouponProblem(result.message)
      couponField.current?.focus()
    },
    onError: (error) => {
      const { placed, message } = serverProblems(error, ['query.coupon'])
      setCouponProblem(placed[0]?.[1] ?? message)
      couponField.current?.focus()
    },
  })

  // A new step is announced by moving focus to its heading (the dialog keeps focus inside).
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [step])

  const index = STEPS.indexOf(step)
  const titles: Record<Step, string> = {
    plan: settings.join_step_plan,
    family: settings.join_step_family,
    payment: settings.join_step_payment,
  }
  const next = (event?: SyntheticEvent) => {
    event?.preventDefault()
    setProblem(undefined)
    if (step === 'plan') {
      if (!order.officeId) return setProblem(settings.join_choose_office)
      if (!plan) return setProblem(settings.join_choose_plan)
      const coupon = order.couponCode.trim()
      if (!coupon) return setStep('family')
      if (!couponCheck.isPending)
        couponCheck.mutate({ query: { coupon, plan_id: order.planId, location_id: order.officeId } })
      return
    }
    if (step === 'family') return setStep('payment')
  }
  const busy = purchase.isPending
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={fillText(settings.join_title, { company: props.companyName })}
      width="large"
      footer={
        <>
          {index > 0 ? (
            <Button variant="outline" disabled={busy} onClick={() => setStep(STEPS[index - 1]!)}>
              {settings.join_back}
            </Button>
          ) : (
            <Button variant="outline" onClick={onClose}>
              {settings.join_cancel}
            </Button>
          )}
          {step !== 'payment' && (
            <Button variant="primary" type="submit" form="join-step">
              {settings.join_next}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <nav aria-label={settings.join_steps_label}>
          <ol className="flex flex-wrap gap-3 text-sm">
            {STEPS.map((candidate, position) => (
              <li
                key={candidate}
                aria-current={candidate === step ? 'step' : undefined}
                className={candidate === step ? 'font-semibold' : 'text-gray-700'}
              >
                {position + 1}. {titles[candidate]}
              </li>
            ))}
          </ol>
        </nav>
        <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {titles[step]}
        </h3>
        {problem && <FormAlert>{problem}</FormAlert>}
        {step === 'plan' && (
          <PlanStep
            settings={settings}
            offices={offices.locations}
            plans={plans.data?.plans}
            order={order}
            couponError={couponProblem}
            couponRef={couponField}
            onChange={(change) => {
              setCouponProblem(undefined)
              setOrder((current) => ({ ...current, ...change }))
            }}
            onSubmit={next}
          />
        )}
        {step === 'family' && plan && (
          <FamilyStep
            settings={settings}
            plan={plan}
            plans={plans.data?.plans ?? []}
            kept={info.dependents}
            added={added}
            onAdd={(person) => setAdded((current) => [...current, person])}
            onRemove={(position) => setAdded((current) => current.filter((_person, at) => at !== position))}
            onSubmit={next}
          />
        )}
        {step === 'payment' && plan && (
          <PaymentStep
            {...props}
            info={info}
            added={added}
            body={body}
            cardRef={card}
            busy={busy}
            error={purchase.error?.message}
            onPay={() => {
              if (!busy) purchase.mutate(card.current!)
            }}
          />
        )}
      </div>
    </Dialog>
  )
}
