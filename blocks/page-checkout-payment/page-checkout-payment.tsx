import { useRef, type SyntheticEvent } from 'react'
import { ApiRequestError, Link, useHref, useLoading, useLocale } from '#engine'
import { useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { fillTerms, renewalDate } from '#schemas/membership-terms.ts'
import { CardFields, type CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { NotInsurance } from '../kit/catalog/disclosure.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { money } from '../kit/format/money.ts'
import type { PageCheckoutPaymentProps } from './props.ts'
import { longDate } from '../kit/format/dates.ts'
import { CheckoutStep } from '../kit/checkout/checkout-step.tsx'
import { requireConsents, TermsConsent, useConsentBox } from '../kit/checkout/terms-consent.tsx'
import { Button } from '../kit/ui/button.tsx'

export default function PageCheckoutPayment({
  settings,
  paymentFields,
  administrator,
  phone,
  paths,
}: PageCheckoutPaymentProps) {
  const { data: state } = useApiQuery(checkoutStateQuery)
  const fields = useRef<CardFieldsHandle>(null)
  const consent = useConsentBox(settings.consent_label, settings.consent_required)
  // The consent to the automatic renewal terms, apart from the Terms of Service (AB 2863).
  const renewal = useConsentBox(settings.renewal_consent_label, settings.renewal_consent_required)
  const loading = useLoading()
  const language = useLocale()
  // A new document (the new session): the confirmation in this page's language.
  const confirmation = useHref(paths.confirmation)
  const payment = useApiMutation(checkoutApi.pay, {
    // The card fields give their token inside the payment: their wait and their error are the payment's.
    input: async (card: CardFieldsHandle) => ({
      body: { cardToken: (await card.tokenize()).token, autoRenewalConsent: true as const },
    }),
    // A payment must not be interrupted: the overlay covers the page from the click, and stays
    // until the confirmation replaces it; a refused payment hides it, and focus goes back to Pay.
    onMutate: () => loading.show(settings.paying_message),
    // Paid and signed in: the confirmation loads as a new page, with the new session.
    onSuccess: () => window.location.assign(confirmation),
    onError: () => loading.hide(),
  })
  // Busy from the click until the confirmation has replaced the page.
  const busy = payment.isPending || payment.isSuccess
  const problem = payment.error && {
    text: payment.error.message,
    // An address that cannot open an account: the buyer may sign in, or change the address.
    account:
      payment.error instanceof ApiRequestError &&
      payment.error.issues.some((issue) => issue.path.join('.') === 'account.email'),
  }
  const price = state.price
  const cycle = state.plan?.billingCycle ?? 'monthly'
  // Renewals charge each member's plan again: no enrollment fee, no coupon.
  const renewalCents = price?.lines.reduce((sum, line) => sum + line.amountCents, 0) ?? 0
  const terms = fillTerms(settings.auto_renewal_terms, {
    cycle,
    price: money(renewalCents),
    renewsOn: longDate(renewalDate(new Date(), cycle, price?.timeZone ?? 'UTC'), price?.timeZone, language),
    phone,
  })

  const pay = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (busy) return
    payment.reset()
    if (!requireConsents(renewal, consent)) return
    payment.mutate(fields.current!)
  }

  return (
    <CheckoutStep title={settings.heading} intro={settings.intro}>
      <form noValidate onSubmit={pay} className="flex flex-col gap-6" aria-labelledby="step-heading">
        {problem && (
          <div aria-live="assertive">
            <FormAlert>
              {problem.text}
              {problem.account && (
                <span className="mt-2 flex gap-4">
                  <Link to={paths.signIn} className="font-semibold underline">
                    {settings.sign_in_link}
                  </Link>
                  <Link to={paths.details} className="font-semibold underline">
                    {settings.change_details_link}
                  </Link>
                </span>
              )}
            </FormAlert>
          </div>
        )}
        <section aria-labelledby="card-heading" className="flex flex-col gap-2">
          <h2 id="card-heading" className="text-xl font-semibold">
            {settings.card_heading}
          </h2>
          <CardFields ref={fields} config={paymentFields} onSubmitRequest={() => pay()} texts={settings} />
        </section>
        {state.office?.state === 'AZ' && (
          <div
            role="note"
            aria-label={settings.arizona_label}
            className="rounded-md border-2 border-amber-700 bg-amber-50 p-4 font-medium"
          >
            {settings.arizona_notice}
          </div>
        )}
        <TermsConsent
          terms={terms}
          texts={settings}
          termsPath={paths.terms}
          consent={consent.box}
          renewal={renewal.box}
        />
        <NotInsurance text={settings.disclosure} administrator={administrator} texts={settings} />
        <Button variant="primary" type="submit" className="self-start text-lg" disabled={busy} aria-disabled={busy}>
          {busy ? 'Paying…' : settings.pay_button.replace('{amount}', money(price?.totalCents ?? 0))}
        </Button>
      </form>
    </CheckoutStep>
  )
}
