import { z } from '#schemas/engine/zod.ts'
import { AUTO_RENEWAL_TERMS } from '#schemas/membership-terms.ts'
import { localized, mailText } from '#schemas/fields.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import {
  cardFieldsSettings,
  disclosureSettings,
  renewalConsentSettings,
  settingText as text,
  termsConsentSettings,
} from '../kit/settings.ts'

/** The payment step's texts, from content (`pages.checkout-payment`); the server mails the same renewal terms. */
export const checkoutPaymentSettingsSchema = z.object({
  heading: text('Payment', 'Heading of the step'),
  intro: text(
    'Your card is entered in the secure form of our payment processor: it never reaches our servers.',
    'Text under the heading',
  ),
  card_heading: text('Card', 'Heading of the card fields'),
  // The law's terms of the automatic renewal (AB 2863): each published language has its own.
  auto_renewal_terms: localized(
    mailText(
      AUTO_RENEWAL_TERMS,
      'Auto-renewal terms beside the consent, also mailed with the confirmation ({cycle}, {price}, {renews_on}, {phone})',
      1200,
    ),
    { required: true },
  ),
  arizona_notice: text(
    'Arizona residents: this is a discount medical plan, not insurance. The plan pays providers nothing; you pay the discounted fees directly to the provider. You may cancel at any time by written notice; the Arizona notice says what is refunded.',
    'Notice shown for offices in Arizona',
  ),
  disclosure: localized(text(NOT_INSURANCE_TEXT, 'Disclosure beside the total'), { required: true }),
  ...disclosureSettings,
  pay_button: text('Pay {amount}', 'Pay button ({amount})'),
  paying_message: text('Processing your payment…', 'Said over the page while the card is charged'),
  sign_in_link: text('Sign in', 'Link to sign in when the email has an account'),
  change_details_link: text('Change your details', 'Link back to the details when the email has an account'),
  arizona_label: text('Arizona notice', 'Name of the Arizona notice (screen readers)'),
  ...cardFieldsSettings,
  ...termsConsentSettings,
  ...renewalConsentSettings,
})
export type CheckoutPaymentSettings = z.output<typeof checkoutPaymentSettingsSchema>
