import { lazy, useEffect, type ReactNode } from 'react'
import { ApiRequestError, Link, loadBeforeHydration, Outlet, useEngine, useLocation } from '#engine'
import { DataTable } from '#engine/table'
import { DataBoundary, Skeleton, useApiQuery } from '#engine/data'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import {
  CHECKOUT_STEPS,
  checkoutStateQuery,
  firstIncompletePath,
  reachedStep,
  type CheckoutStep,
} from '../kit/checkout/checkout.ts'
import { money } from '../kit/format/money.ts'
import { ButtonLink } from '../kit/ui/button.tsx'
import { Card } from '../kit/ui/card.tsx'
import { Coupon } from './coupon.tsx'
import type { PageCheckoutProps } from './props.ts'
import type { CheckoutSettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** The confirmation (receipt, member numbers, ID card) loads when the checkout is paid, not with every step. */
const loadConfirmation = () => import('./confirmation.tsx')
const Confirmation = lazy(loadConfirmation)
// A page whose server HTML has the confirmation loads its code before hydration (a click on its
// print button then works as soon as the page is interactive).
if (typeof document !== 'undefined' && document.querySelector('[data-part="checkout-confirmation"]'))
  loadBeforeHydration(loadConfirmation())

export default function PageCheckout({ settings, companyName, paths }: PageCheckoutProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-body">
      <DataBoundary
        title={settings.checkout_title}
        skeleton={<Skeleton label={settings.checkout_title} lines={6} />}
        // The server sends a lost checkout to the join page; this shows when it expires while open.
        explain={(error) =>
          error instanceof ApiRequestError && (error.status === 404 || error.status === 400) ? (
            <Expired settings={settings} join={paths.join} />
          ) : undefined
        }
      >
        <Checkout settings={settings} companyName={companyName} paths={paths} />
      </DataBoundary>
    </div>
  )
}

function Expired({ settings, join }: { settings: CheckoutSettings; join: string }) {
  return (
    <section className="flex flex-col items-start gap-4" aria-labelledby="expired-heading">
      <h1 id="expired-heading" className="text-3xl font-bold">
        {settings.expired_heading}
      </h1>
      <p>{settings.expired_text}</p>
      <ButtonLink variant="primary" to={join}>
        {settings.start_again}
      </ButtonLink>
    </section>
  )
}

const STEP_OF_PAGE: Record<string, CheckoutStep> = {
  'create-account': 'account',
  'add-member': 'members',
  'edit-member': 'members',
  payment: 'payment',
}

function Checkout({
  settings,
  companyName,
  paths,
}: {
  settings: CheckoutSettings
  companyName: string
  paths: PageCheckoutProps['paths']
}) {
  const { data: state } = useApiQuery(checkoutStateQuery)
  const { pathname } = useLocation()
  const segment = pathname.split('/')[2] ?? ''
  const current = STEP_OF_PAGE[segment]
  const { pathTo } = useEngine()
  // The payment step's next page is the confirmation: its code comes while the card is typed.
  useEffect(() => {
    if (current === 'payment') void loadConfirmation()
  }, [current])
  if (state.step === 'completed')
    return <Confirmation state={state} settings={settings} companyName={companyName} dashboard={paths.dashboard} />
  if (!current) {
    // The server sends `/checkout` on to the first step not done; this shows only without it (a story).
    return (
      <p>
        <ButtonLink variant="primary" to={firstIncompletePath(state, pathTo)}>
          {settings.continue_checkout}
        </ButtonLink>
      </p>
    )
  }
  return (
    <>
      <Stepper state={state} current={current} settings={settings} paths={paths} />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Outlet />
        </div>
        <OrderSummary state={state} settings={settings} join={paths.join} />
      </div>
    </>
  )
}

function Stepper({
  state,
  current,
  settings,
  paths,
}: {
  state: CheckoutState
  current: CheckoutStep
  settings: CheckoutSettings
  paths: PageCheckoutProps['paths']
}) {
  const titles: Record<CheckoutStep, string> = {
    plan: settings.step_plan,
    account: settings.step_account,
    members: settings.step_members,
    payment: settings.step_payment,
  }
  const plan = state.plan
    ? `${paths.join}?${new URLSearchParams({ location_id: String(state.plan.officeId), plan_id: String(state.plan.planId) })}`
    : paths.join
  const targets: Record<CheckoutStep, string> = {
    plan,
    account: paths.account,
    members: paths.members,
    payment: paths.payment,
  }
  const reached = reachedStep(state)
  // Family members are optional: once the details are in, payment is open too.
  const open = (index: number) => index <= Math.max(reached, reached >= 2 ? 3 : reached)
  return (
    <nav aria-label={settings.steps_label} className="print:hidden">
      <ol className="flex flex-wrap gap-2 text-sm sm:gap-4">
        {CHECKOUT_STEPS.map((step, index) => {
          const isCurrent = step === current
          const done = index < reached && !isCurrent
          const label = (
            <>
              <span
                aria-hidden="true"
                className={`inline-flex h-7 w-7 items-center justify-center rounded-full border-2 font-semibold ${isCurrent ? 'border-brand bg-brand text-brand-contrast' : done ? 'border-green-800 bg-green-800 text-white' : 'border-gray-500'}`}
              >
                {done ? '✓' : index + 1}
              </span>
              <span className={isCurrent ? 'font-semibold' : ''}>{titles[step]}</span>
              {done && <span className="sr-only"> (done)</span>}
            </>
          )
          return (
            <li key={step} className="flex items-center gap-2">
              {isCurrent ? (
                <span aria-current="step" className="flex items-center gap-2">
                  {label}
                </span>
              ) : open(index) ? (
                <Link to={targets[step]} className="flex items-center gap-2 underline-offset-4 hover:underline">
                  {label}
                </Link>
              ) : (
                <span className="flex items-center gap-2 text-gray-700">{label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

function OrderSummary({ state, settings, join }: { state: CheckoutState; settings: CheckoutSettings; join: string }) {
  const { price, plan, office } = state
  if (!price || !plan) return null
  const nameOf = (memberId: number | null) => {
    if (memberId === null) return state.account ? `${state.account.firstName} ${state.account.lastName}` : 'You'
    const member = state.members.find((candidate) => candidate.id === memberId)
    return member ? `${member.firstName} ${member.lastName}` : 'Family member'
  }
  const cycle = plan.billingCycle === 'annual' ? 'year' : 'month'
  /** Each member's price, then the enrollment fee and the coupon's discount (a credit) when there are. */
  const lines: { key: string; label: ReactNode; amount: string; credit?: boolean }[] = [
    ...price.lines.map((line) => ({
      key: String(line.memberId ?? 'primary'),
      label: (
        <>
          {nameOf(line.memberId)}
          <span className="block text-gray-700">
            {line.planName}, per {cycle}
          </span>
        </>
      ),
      amount: money(line.amountCents),
    })),
    ...(price.enrollmentFeeCents > 0
      ? [{ key: 'enrollment-fee', label: settings.enrollment_fee_line, amount: money(price.enrollmentFeeCents) }]
      : []),
    ...(price.discountCents > 0
      ? [
          {
            key: 'coupon',
            label: <>Coupon {plan.couponCode}</>,
            amount: `−${money(price.discountCents)}`,
            credit: true,
          },
        ]
      : []),
  ]
  return (
    <Card as="aside" padding="lg" aria-labelledby="order-heading" className="flex flex-col gap-4 lg:sticky lg:top-24">
      <h2 id="order-heading" className="text-xl font-semibold">
        {settings.summary_heading}
      </h2>
      {office && <p className="text-sm">{office.name}</p>}
      <DataTable
        className="w-full text-sm"
        caption={fillText(settings.price_caption, { period: cycle })}
        columns={[
          {
            header: settings.price_line_header,
            cell: (line) => line.label,
            rowHeader: true,
            cellClassName: 'py-2 pr-2 text-left font-normal',
          },
          { header: settings.price_header, cell: (line) => line.amount, cellClassName: 'py-2 text-right' },
        ]}
        rows={lines}
        rowKey={(line) => line.key}
        headClassName="sr-only"
        rowClassName={(line) => `border-b border-gray-200${line.credit ? ' text-green-800' : ''}`}
        foot={
          <tr>
            <th scope="row" className="pt-3 text-left text-base">
              {settings.due_today}
            </th>
            <td className="pt-3 text-right text-lg font-bold" data-testid="order-total">
              {money(price.totalCents)}
            </td>
          </tr>
        }
      />
      <Coupon state={state} settings={settings} />
      <Link
        to={`${join}?${new URLSearchParams({ location_id: String(plan.officeId), plan_id: String(plan.planId) })}`}
        className="text-sm underline print:hidden"
      >
        {settings.change_plan}
      </Link>
    </Card>
  )
}
