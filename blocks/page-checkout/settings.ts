import { z } from '#schemas/engine/zod.ts'
import { idCardSettings, settingText as text } from '../kit/settings.ts'

/** The checkout frame's texts, from content (`pages.checkout`): step titles, order, coupon, expiry and confirmation. */
export const checkoutSettingsSchema = z.object({
  steps_label: text('Checkout steps', 'Name of the stepper, read by screen readers'),
  step_plan: text('Plan', 'Step 1 title'),
  step_account: text('Your details', 'Step 2 title'),
  step_members: text('Family members', 'Step 3 title'),
  step_payment: text('Payment', 'Step 4 title'),
  summary_heading: text('Your order', 'Heading of the order summary'),
  due_today: text('Due today', 'Label of the total charged now'),
  coupon_label: text('Coupon code', 'Label of the coupon field'),
  coupon_button: text('Apply', 'Button applying the coupon'),
  coupon_remove: text('Remove coupon', 'Button removing the coupon'),
  change_plan: text('Change plan or office', 'Link back to the plans'),
  expired_heading: text('This checkout has expired', 'Heading when the checkout is no longer kept'),
  expired_text: text(
    'A checkout is kept for 24 hours. Nothing was charged. Choose your plan again to start over: it takes a minute.',
    'Text when the checkout expired',
  ),
  start_again: text('Start again', 'Link to start a new checkout'),
  confirmation_heading: text('Welcome! Your membership is active', 'Heading of the confirmation'),
  confirmation_text: text(
    'We have sent a confirmation with your receipt, the renewal terms and how to cancel to {email}. You are signed in.',
    'Text of the confirmation ({email}: the member’s address)',
  ),
  receipt_heading: text('Receipt', 'Heading of the receipt'),
  print_button: text('Print receipt', 'Button printing the receipt'),
  members_heading: text('Member numbers', 'Heading of the member numbers'),
  members_name_header: text('Name', 'Member numbers table: header of the names'),
  members_plan_header: text('Plan', 'Member numbers table: header of the plans'),
  members_number_header: text('Member number', 'Member numbers table: header of the member numbers'),
  id_card_heading: text('Temporary ID card', 'Heading of the temporary ID card'),
  id_card_notice: text(
    'Show this card at your dental office until your card arrives. This plan is not insurance.',
    'Text under the temporary ID card',
  ),
  dashboard_button: text('Go to your dashboard', 'Button to the dashboard'),
  checkout_title: text('your checkout', 'The checkout, in “We could not load …” and while it loads'),
  continue_checkout: text('Continue your checkout', 'Link to the next step of the checkout'),
  price_caption: text('Price per member, per {period}', 'Name of the price table ({period}: month or year)'),
  price_line_header: text('Member and plan', 'Header of the price table’s first column (screen readers)'),
  price_header: text('Price', 'Header of the price table’s amounts (screen readers)'),
  enrollment_fee_line: text('Enrollment fee (once)', 'The enrollment fee’s line in the price table'),
  membership_title: text('your membership', 'The membership, in “We could not load …” and while it loads'),
  signed_out: text(
    '{sign_in} to see your receipt, member numbers and ID cards.',
    'Said on the confirmation when the visitor is signed out since ({sign_in}: the next setting, as a link)',
  ),
  sign_in_link: text('Sign in', 'Link to sign in on the confirmation'),
  id_card_label: text('Temporary ID card of {name}', 'Name of the temporary ID card ({name})'),
  ...idCardSettings,
  receipt_on_dashboard: text('Your receipt is on your dashboard.', 'Said when the receipt is not shown here'),
})
export type CheckoutSettings = z.output<typeof checkoutSettingsSchema>
