import { fillText } from './fill-text.ts'
import { periodEnd } from './periods.ts'
import { formatPhone } from './phone.ts'

/**
 * The auto-renewal terms shown beside the consent checkbox of the payment step and mailed with
 * the confirmation (California's automatic renewal law, B&P §17602: clear and conspicuous, next to
 * the consent, and in the acknowledgement with how to cancel). Content may reword them
 * (`pages.checkout-payment.auto_renewal_terms`, where `{policy.refund_window_days}` gives the
 * policy's number: schemas/policy-words.ts); the page and the mail fill the same text.
 */
export const AUTO_RENEWAL_TERMS =
  'Your membership renews automatically every {cycle} at {price} until you cancel, starting {renews_on}, charged to the card you enter here. ' +
  'Cancel at any time before the renewal date: on your dashboard (Membership, turn off auto-renewal) or by calling {phone}. ' +
  'Turning renewal off stops future charges; your membership stays active until the end of the period you paid for. ' +
  'Cancelling within the refund window our terms give ends it at once, with that payment refunded in full.'

export interface TermsValues {
  cycle: 'monthly' | 'annual'
  /** The renewal price, formatted ("$29.95"). */
  price: string
  /** The first renewal date, formatted for reading. */
  renewsOn: string
  phone: string
}

/** The terms with their values: `{cycle}`, `{price}`, `{renews_on}` and `{phone}` (as the site shows phone numbers). */
export function fillTerms(template: string, values: TermsValues): string {
  return fillText(template, {
    cycle: values.cycle === 'annual' ? 'year' : 'month',
    price: values.price,
    renews_on: values.renewsOn,
    phone: values.phone ? formatPhone(values.phone) : 'customer service',
  })
}

/** The first renewal: one month or one year after the start (the same day of the month, or the month's last). */
export const renewalDate = (from: Date, cycle: 'monthly' | 'annual', timeZone: string): Date =>
  periodEnd(from, cycle, timeZone)
