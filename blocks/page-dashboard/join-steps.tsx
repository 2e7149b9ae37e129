import { useRef, type Ref, type SyntheticEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { callApi, useLocale } from '#engine'
import type { Plan } from '#schemas/api/directory.ts'
import type { Dependent, MemberInfo } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { AUTO_RENEWAL_TERMS, fillTerms, renewalDate } from '#schemas/membership-terms.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { CardFields, type CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { requireConsents, TermsConsent, useConsentBox } from '../kit/checkout/terms-consent.tsx'
import { longDate } from '../kit/format/dates.ts'
import { RENEWAL_CONSENT } from '../kit/settings.ts'
import { fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { relationshipWord } from '../kit/format/relationships.ts'
import { DependentFields, dependentForm, dependentFormValues } from '../kit/forms/dependent-fields.tsx'
import { CONTROL, Field, FormAlert } from '../kit/forms/field.tsx'
import { useZodForm } from '../kit/forms/form.tsx'
import { Button } from '../kit/ui/button.tsx'
import type { NewDependent, Order, OrderBody } from './join-flow.ts'
import type { JoinProps } from './join.tsx'
import type { DashboardSettings } from './settings.ts'

const PERIOD = { monthly: 'month', annual: 'year' } as const
const priceOf = (plan: Plan, cycle: Order['billingCycle']) =>
  cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents

/** Step 1: the office (the member's last one first), the billing period and the plan, and a coupon. */
export function PlanStep({
  settings,
  offices,
  plans,
  order,
  couponError,
  couponRef,
  onChange,
  onSubmit,
}: {
  settings: DashboardSettings
  offices: readonly { id: number; name: string; address: { city: string } }[]
  plans: readonly Plan[] | undefined
  order: Order
  /** Why the coupon does not apply, from the coupon check. */
  couponError?: string | undefined
  couponRef?: Ref<HTMLInputElement>
  onChange: (change: Partial<Order>) => void
  onSubmit: (event: SyntheticEvent) => void
}) {
  return (
    <form id="join-step" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={settings.join_office_label}>
        {({ id }) => (
          <select
            id={id}
            className={CONTROL}
            value={order.officeId || ''}
            onChange={(event) => onChange({ officeId: Number(event.target.value), planId: 0 })}
          >
            <option value="">{settings.join_office_placeholder}</option>
            {offices.map((office) => (
              <option key={office.id} value={office.id}>
                {office.name}, {office.address.city}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium">{settings.join_cycle_label}</legend>
        {(['monthly', 'annual'] as const).map((cycle) => (
          <label key={cycle} className="flex items-center gap-2">
            <input
              type="radio"
              name="join-cycle"
              className="size-5"
              checked={order.billingCycle === cycle}
              onChange={() => onChange({ billingCycle: cycle })}
            />
            {cycle === 'annual' ? settings.join_annual : settings.join_monthly}
          </label>
        ))}
      </fieldset>
      {plans && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{settings.join_plan_label}</legend>
          {plans.map((plan) => (
            <label key={plan.id} className="flex items-start gap-2 rounded-md border border-gray-300 p-3">
              <input
                type="radio"
                name="join-plan"
                className="mt-1 size-5 shrink-0"
                checked={order.planId === plan.id}
                onChange={() => onChange({ planId: plan.id })}
              />
              {fillText(settings.join_plan_option, {
                plan: plan.name,
                price: money(priceOf(plan, order.billingCycle)),
                period: PERIOD[order.billingCycle],
                count: plan.maxDependents,
              })}
            </label>
          ))}
        </fieldset>
      )}
      <Field label={settings.join_coupon_label} error={couponError}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            ref={couponRef}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`${CONTROL} uppercase`}
            value={order.couponCode}
            maxLength={40}
            autoComplete="off"
            onChange={(event) => onChange({ couponCode: event.target.value })}
          />
        )}
      </Field>
    </form>
  )
}

/** Step 2: everyone the membership covers: those on the account kept, more added (up to the plan's room). */
export function FamilyStep({
  settings,
  plan,
  plans,
  kept,
  added,
  onAdd,
  onRemove,
  onSubmit,
}: {
  settings: DashboardSettings
  plan: Plan
  plans: readonly Plan[]
  kept: readonly Dependent[]
  added: readonly NewDependent[]
  onAdd: (person: NewDependent) => void
  onRemove: (position: number) => void
  onSubmit: (event: SyntheticEvent) => void
}) {
  const form = useZodForm(dependentForm, dependentFormValues())
  const add = form.handleSubmit((person) => {
    onAdd(person)
    form.reset(dependentFormValues())
  })
  const full = kept.length + added.length >= plan.maxDependents
  const others = plans
    .filter((candidate) => candidate.id !== plan.id)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))
  const row = (person: Pick<NewDependent, 'firstName' | 'lastName' | 'relationship'>) =>
    `${person.firstName} ${person.lastName}, ${relationshipWord(settings, person.relationship) ?? ''}`
  return (
    <div className="flex flex-col gap-4">
      <p>{settings.join_family_intro}</p>
      <ul aria-label={settings.join_family_label} className="flex flex-col divide-y divide-gray-200 rounded-md border">
        {kept.map((person) => (
          <li key={person.id} className="p-3">
            {row(person)} ({settings.join_on_account})
          </li>
        ))}
        {added.map((person, position) => (
          <li key={position} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span>
              {row(person)} ({settings.join_added})
            </span>
            <Button variant="outline" onClick={() => onRemove(position)}>
              {fillText(settings.join_remove, { name: `${person.firstName} ${person.lastName}` })}
            </Button>
          </li>
        ))}
      </ul>
      {full ? (
        <FormAlert tone="info">
          {fillText(settings.join_family_full, { plan: plan.name, count: plan.maxDependents })}
        </FormAlert>
      ) : (
        <section aria-labelledby="join-add-heading" className="flex flex-col gap-3">
          <h4 id="join-add-heading" className="text-lg font-semibold">
            {settings.join_add_heading}
          </h4>
          <form
            noValidate
            onSubmit={(event) => void add(event)}
            className="flex flex-col gap-3"
            aria-labelledby="join-add-heading"
          >
            <DependentFields form={form} plans={others} ownPlan={plan.name} texts={settings} />
            <Button variant="outline" type="submit" className="self-start">
              {settings.join_add_button}
            </Button>
          </form>
        </section>
      )}
      <form id="join-step" noValidate onSubmit={onSubmit} />
    </div>
  )
}

/**
 * Step 3: the server's price for the order, the card in the processor's fields, the terms and the
 * consents: to the automatic renewal terms (a box of its own, in the checkout's words), and to the
 * Terms of Service.
 */
export function PaymentStep({
  settings,
  paymentFields,
  companyName,
  phone,
  renewalTerms,
  renewalConsentLabel,
  renewalConsentRequired,
  paths,
  info,
  added,
  body,
  cardRef,
  busy,
  error,
  onPay,
}: Omit<JoinProps, 'settings'> & {
  settings: DashboardSettings
  info: MemberInfo
  added: readonly NewDependent[]
  body: OrderBody
  cardRef: Ref<CardFieldsHandle>
  busy: boolean
  error: string | undefined
  onPay: () => void
}) {
  // A read (POST, for its body): the price as the purchase will compute it, asked afresh for this order.
  const quote = useQuery({
    queryKey: ['purchase-quote', body],
    queryFn: () => callApi(memberApi.purchaseQuote, { body }),
    retry: false,
  })
  const language = useLocale()
  const formRef = useRef<HTMLFormElement>(null)
  const consent = useConsentBox(settings.consent_label, settings.consent_required)
  const renewal = useConsentBox(
    renewalConsentLabel ?? RENEWAL_CONSENT.label,
    renewalConsentRequired ?? RENEWAL_CONSENT.required,
  )
  const names = [info, ...info.dependents, ...added].map((person) => `${person.firstName} ${person.lastName}`)
  const price = quote.data
  const renewalCents = price?.lines.reduce((sum, line) => sum + line.amountCents, 0) ?? 0
  const terms = fillTerms(renewalTerms ?? AUTO_RENEWAL_TERMS, {
    cycle: body.billingCycle,
    price: money(renewalCents),
    renewsOn: longDate(renewalDate(new Date(), body.billingCycle, price?.timeZone ?? 'UTC'), price?.timeZone, language),
    phone,
  })
  const pay = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!requireConsents(renewal, consent)) return
    onPay()
  }
  const period = PERIOD[body.billingCycle]
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={pay}
      className="flex flex-col gap-4"
      aria-label={settings.join_step_payment}
    >
      {(error ?? quote.error?.message) && (
        <div aria-live="assertive">
          <FormAlert>{error ?? quote.error?.message}</FormAlert>
        </div>
      )}
      <section aria-labelledby="join-summary-heading" className="flex flex-col gap-2">
        <h4 id="join-summary-heading" className="text-lg font-semibold">
          {settings.join_summary_heading}
        </h4>
        {price ? (
          <dl className="grid grid-cols-[1fr_max-content] gap-x-4 gap-y-1">
            {price.lines.map((line, position) => (
              <div key={position} className="contents">
                <dt>
                  {names[position]} ({line.planName}, per {period})
                </dt>
                <dd className="text-right">{money(line.amountCents)}</dd>
              </div>
            ))}
            {price.enrollmentFeeCents > 0 && (
              <div className="contents">
                <dt>{settings.join_enrollment_fee}</dt>
                <dd className="text-right">{money(price.enrollmentFeeCents)}</dd>
              </div>
            )}
            {price.discountCents > 0 && (
              <div className="contents text-green-800">
                <dt>{settings.join_discount}</dt>
                <dd className="text-right">−{money(price.discountCents)}</dd>
              </div>
            )}
            <div className="contents font-bold">
              <dt>{settings.join_due_today}</dt>
              <dd className="text-right" data-testid="join-total">
                {money(price.totalCents)}
              </dd>
            </div>
          </dl>
        ) : (
          !quote.error && <p role="status">{settings.join_quote_loading}</p>
        )}
      </section>
      <section aria-labelledby="join-card-heading" className="flex flex-col gap-2">
        <h4 id="join-card-heading" className="text-lg font-semibold">
          {settings.join_card_heading}
        </h4>
        <CardFields
          ref={cardRef}
          config={paymentFields}
          onSubmitRequest={() => formRef.current?.requestSubmit()}
          texts={settings}
        />
      </section>
      <TermsConsent
        terms={terms}
        texts={settings}
        termsPath={paths.terms}
        consent={consent.box}
        renewal={renewal.box}
        headingLevel={4}
      />
      <NotInsurance text={settings.disclosure} administrator={companyName} texts={settings} />
      <Button
        variant="primary"
        type="submit"
        className="self-start text-lg"
        disabled={busy || !price}
        aria-disabled={busy}
      >
        {busy ? settings.join_paying : fillText(settings.join_pay, { amount: money(price?.totalCents ?? 0) })}
      </Button>
    </form>
  )
}
