import { z } from '#schemas/engine/zod.ts'
import { passwordChangedMailSchema } from '#schemas/account-mail.ts'
import { membershipMailsSchema } from '#schemas/membership-mails.ts'
import { joinSettings } from './join-settings.ts'
import { cardFieldsSettings, idCardSettings, passwordRulesSettings, settingText as text } from '../kit/settings.ts'

/** Every text of the dashboard that is not the member's data, from content (`pages.dashboard`). */
export const dashboardSettingsSchema = z.object({
  heading: text('Your membership', 'Page heading'),
  greeting: text('Welcome back', 'Greeting before the member’s first name'),
  membership_heading: text('Membership', 'Membership heading'),
  auto_renew_label: text('Renew automatically', 'Label of the auto-renew switch'),
  auto_renew_help: text(
    'Turn it off at any time with one click. Your membership then ends on its renewal date.',
    'Help under the auto-renew switch',
  ),
  auto_renew_terms: text(
    'By turning on automatic renewal you agree that your membership renews at the end of each billing period, at the price shown, charged to your card on file, until you turn it off. You can turn it off here at any time before the renewal date; we will remind you before an annual renewal.',
    'Auto-renewal terms, shown beside the consent',
  ),
  auto_renew_confirm_title: text('Turn on automatic renewal?', 'Title of the consent to automatic renewal'),
  auto_renew_confirm_price: text(
    'Price: {amount}.',
    'The price, under the terms in the consent to automatic renewal ({amount}: the price and its period)',
  ),
  auto_renew_agree: text('I agree, turn it on', 'Button giving the consent to automatic renewal'),
  auto_renew_keep_off: text('Keep it off', 'Button declining automatic renewal'),
  id_cards_heading: text('ID cards', 'ID cards heading'),
  id_card_notice: text('THIS IS NOT INSURANCE', 'Notice printed on the face of every ID card'),
  id_card_label: text('ID card of {name}', 'Name of an ID card (screen readers, {name})'),
  ...idCardSettings,
  id_cards_help: text(
    'Show your card at the dental office. Print it wallet size, or download it to your phone.',
    'Help under the ID cards heading',
  ),
  balance_heading: text('Balance and billing', 'Balance and billing heading'),
  receipts_heading: text('Receipts', 'Receipts heading'),
  dependents_heading: text('Dependents', 'Dependents heading'),
  dependents_help: text(
    'Everyone on your membership gets their own ID card. Each may have their own plan where your office offers several.',
    'Help under the dependents heading',
  ),
  profile_heading: text('Your details', 'Profile heading'),
  locations_heading: text('Your dental offices', 'Locations heading'),
  locations_help: text(
    'Offices that accept your plan. Call ahead to book and show your ID card.',
    'Help under the locations heading',
  ),
  grievance_label: text(
    'GRIEVANCE FORM',
    'Label of the grievance form link (California requires it in the member portal)',
  ),
  grievance_help: text(
    'Unhappy with your care or our service? File a grievance and we answer within the time the law allows.',
    'Text beside the grievance link',
  ),
  grievances_link: text('Your grievances and their status', 'Link to the member’s grievances'),
  disclosure: text(
    'This plan is a discount dental plan, not insurance. Members pay participating dentists directly at the discounted fees.',
    'Disclosure at the foot of the dashboard',
  ),
  member_number: text('Member number', 'Text before the member number'),
  no_membership: text('You have no membership yet.', 'Said when the member has no membership'),
  any_office: text('Any participating office', 'The office of a membership not tied to one'),
  member_since: text('Member since', 'Label of the start date'),
  renews_on: text('Renews on', 'Label of the renewal date (auto-renew on)'),
  ends_on: text('Ends on', 'Label of the end date (auto-renew off)'),
  ended_on: text('Ended on', 'Label of the end date (cancelled or expired)'),
  valid_until: text(
    'Valid until',
    'Label of the last day of cover of a past-due membership (unless a payment goes through)',
  ),
  status_active: text('Active', 'Membership status: active'),
  status_renewing: text('Renewing', 'Membership status: its renewal is being charged'),
  status_past_due: text('Payment due', 'Membership status: past due (a renewal was declined)'),
  status_ending: text('Ending', 'Membership status: ends at the end of its period'),
  status_cancelled: text('Cancelled', 'Membership status: cancelled'),
  status_expired: text('Expired', 'Membership status: expired'),
  renewal_amount: text('Renewal amount', 'Label of the renewal amount'),
  cancel_button: text('Cancel membership', 'Button opening the cancellation, and its dialog’s title'),
  cancel_quote_of: text('what cancelling means for you', 'What the cancellation dialog loads (“We could not load …”)'),
  cancel_now_refund: text(
    'Your membership, and your dependents’ cover, end today, {date}. {amount} is refunded to the card ending {last4}; it reaches your account within 5 to 10 business days.',
    'Cancellation dialog: cancelled today with a refund ({date}, {amount}, {last4})',
  ),
  cancel_now_no_refund: text(
    'Your membership, and your dependents’ cover, end today, {date}. Nothing more is charged, and nothing is refunded.',
    'Cancellation dialog: cancelled today without a refund (a payment was due; {date})',
  ),
  cancel_at_period_end: text(
    'Your membership stays active until {date}, then ends, for you and your dependents. It does not renew and nothing more is charged. Until then you can keep it with one click.',
    'Cancellation dialog: it ends at the period’s end (after the refund window; {date})',
  ),
  cancel_at_period_end_refund: text(
    'Your membership stays active until {date}, then ends, for you and your dependents. It does not renew, and the {amount} you paid ahead is refunded to the card ending {last4}.',
    'Cancellation dialog: it ends at the period’s end, and periods paid ahead are refunded ({date}, {amount}, {last4})',
  ),
  cancel_confirm: text('Yes, cancel my membership', 'Button confirming the cancellation'),
  cancel_dismiss: text('Keep my membership', 'Button closing the cancellation dialog without cancelling'),
  cancel_working: text('Cancelling your membership…', 'Said over the page while the membership is cancelled'),
  cancelled_now: text('Your membership is cancelled.', 'Said after cancelling today'),
  cancelled_refund: text('{amount} is refunded to the card ending {last4}.', 'Said after a refund ({amount}, {last4})'),
  cancelled_at_period_end: text(
    'Your membership ends on {date}. Nothing more is charged.',
    'Said after cancelling at the period’s end ({date})',
  ),
  keep_help: text(
    'Your membership ends on {date}. Keep it and it renews on that day at {amount}, charged to your card on file, until you turn renewal off.',
    'Beside the button keeping an ending membership: what it agrees to ({date}, {amount}: the price and its period)',
  ),
  keep_button: text('Keep my membership', 'Button keeping an ending membership (renewal back on)'),
  kept: text('Your membership continues. It renews on {date}.', 'Said after keeping the membership ({date})'),
  past_due_banner: text(
    'Your renewal payment of {amount} did not go through. We try your card again on {date}. Your membership stays valid until {ends_on}; if no payment goes through by then, it ends that day. Update your card to pay now and keep your membership.',
    'Banner at the top of the dashboard when a renewal payment failed ({amount}, {date}: the next try, {ends_on}: the last day of cover unless paid)',
  ),
  history_heading: text('Membership history', 'Heading of the membership’s history (opens the list)'),
  history_caption: text('Membership history, newest first', 'Name of the history table'),
  history_empty: text('No changes to your membership yet.', 'Said when the history is empty'),
  history_date: text('Date', 'History table: date column'),
  history_what: text('What happened', 'History table: event column'),
  history_amount: text('Amount', 'History table: amount column'),
  history_charged: text('{amount} charged', 'History: an amount charged ({amount})'),
  history_refunded: text('{amount} refunded', 'History: an amount refunded ({amount})'),
  event_joined: text('Joined', 'History: the membership began'),
  event_renewal_due: text('Renewal started', 'History: the renewal date came and the card is being charged'),
  event_renewal_paid: text('Renewed', 'History: a renewal was paid'),
  event_renewal_declined: text('Renewal payment declined', 'History: the renewal payment was declined'),
  event_retries_exhausted: text(
    'Ended: the renewal payment was declined',
    'History: the last retry was declined too and the membership ended',
  ),
  event_ending_scheduled: text(
    'Set to end (renewal off)',
    'History: renewal turned off or cancelled after the refund window',
  ),
  event_reinstated: text(
    'Reinstated (renewal back on)',
    'History: an ending membership was kept, or member services reinstated an ended one',
  ),
  event_cancelled: text('Cancelled', 'History: cancelled'),
  event_period_ended: text('Ended', 'History: an ending membership reached its end date'),
  event_renewed_early: text('Renewed ahead', 'History: the member paid one more period ahead (Renew now)'),
  event_plan_changed: text(
    'Plan changed',
    'History: the member moved to another plan, charged or refunded for the days left',
  ),
  event_household_changed: text(
    'Family changed',
    'History: a dependent added, moved to another plan or removed, charged or refunded for the days left',
  ),
  id_card_not_valid: text(
    'Not valid: membership ended on {date}',
    'Said on each ID card of a cancelled or expired membership ({date})',
  ),
  receipt_refunded: text('{amount} refunded', 'Receipts: what was refunded of a payment ({amount})'),
  amount_refunded: text('Refunded', 'Receipt: label of the amount refunded'),
  renew_button: text('Renew now', 'Button renewing the membership'),
  renew_confirm_title: text('Renew your membership now?', 'Title of the question before renewing now'),
  renew_confirm_message: text(
    '{amount} will be charged to your card on file, and your membership extends by one period.',
    'Text of the question before renewing now ({amount})',
  ),
  pay_button: text(
    'Pay {amount}',
    'Button paying the balance, and the button confirming a payment of the balance or a renewal ({amount})',
  ),
  switch_label: text('Switch plan', 'Label of the plan switch'),
  switch_placeholder: text('Choose a plan…', 'First choice of the plan switch'),
  switch_button: text('See the price', 'Button asking the price of the plan switch'),
  switch_confirm_title: text('Switch to the {plan} plan?', 'Title of the question before switching plans ({plan})'),
  switch_confirm_message: text(
    'From today you pay {price} a {period} instead of {current}. {change}. {now}',
    'Text of the question before switching plans ({price}, {period}: month or year, {current}, {change}: one of the next three settings, {now}: what is charged or refunded now and the renewal, from the change_ settings)',
  ),
  switch_same_price: text('The price stays the same', 'The change of price, when there is none, in {change}'),
  switch_costs_more: text(
    'That is {amount} a {period} more',
    'The change of price, when the plan costs more, in {change} ({amount}, {period})',
  ),
  switch_saves: text(
    'That saves {amount} a {period}',
    'The change of price, when the plan costs less, in {change} ({amount}, {period})',
  ),
  switch_confirm_button: text('Switch plan', 'Button confirming the plan switch'),
  balance_due: text('Balance due', 'Label of the balance'),
  pay_confirm_title: text('Pay your balance?', 'Title of the question before paying the balance'),
  pay_confirm_message: text(
    '{amount} will be charged to your card on file.',
    'Text of the question before paying the balance ({amount})',
  ),
  next_charge: text('Next charge', 'Label of the next charge'),
  next_charge_value: text('{amount} on {date}', 'The next charge ({amount}, {date})'),
  no_next_charge: text('None: automatic renewal is off', 'Said when nothing will be charged'),
  card_on_file: text('Card on file', 'Label of the card'),
  card_value: text(
    '{brand} ending {last4}, expires {month}/{year}',
    'The card on file ({brand}, {last4}, {month}, {year})',
  ),
  no_card: text('No card on file', 'Said when there is no card'),
  update_card: text('Update card', 'Button changing the card'),
  add_card: text('Add a card', 'Button adding a card'),
  update_card_title: text('Update your card', 'Title of the card dialog when a card is on file'),
  save_card: text('Save card', 'Button saving the card'),
  id_cards_label: text('ID cards', 'Name of the list of ID cards (screen readers)'),
  id_cards_waiting: text('Your ID cards are ready once your membership starts.', 'Said before the membership starts'),
  id_card_of: text(
    'the ID card of {name}',
    'One ID card, in “We could not load …” and after Print and Download ({name})',
  ),
  dependent_line: text(
    '{relationship}, born {birth_date} · Plan: {plan}',
    'What is said of a dependent ({relationship}, {birth_date}, {plan})',
  ),
  no_dependents: text('No dependents on your membership yet.', 'Said when there is no dependent'),
  remove_dependent: text('Remove', 'Button removing a dependent, and the button confirming it'),
  remove_dependent_title: text('Remove {name}?', 'Title of the question before removing a dependent ({name})'),
  remove_dependent_message: text(
    '{name} leaves your membership and their ID card stops working. {now}',
    'Text of the question before removing a dependent ({name}, {now}: what is refunded now and the renewal, from the change_ settings)',
  ),
  change_heading: text(
    'What this change costs',
    'Heading of the price of adding or changing a dependent, before confirming',
  ),
  change_charged_now: text(
    '{amount} is charged now to the card ending {card}, for the {days} days left of the time you have paid for (to {date}).',
    'What a change charges now ({amount}, {card}, {days}, {date}: the end of the paid time)',
  ),
  change_refunded_now: text(
    '{amount} is refunded now to the card ending {card}, for the {days} days left of the time you have paid for (to {date}).',
    'What a change refunds now ({amount}, {card}, {days}, {date})',
  ),
  change_renewal: text(
    'From your renewal on {date}, you pay {amount} a {period}.',
    'The renewal after a change ({date}, {amount}, {period}: month or year)',
  ),
  change_no_renewal: text(
    'Your membership does not renew: it ends on {date}.',
    'Said of a change when automatic renewal is off ({date}: the end)',
  ),
  change_confirm_button: text(
    'Confirm',
    'Button confirming a change of a dependent that refunds or costs nothing now (one that charges says pay_button)',
  ),
  add_dependent: text('Add a dependent', 'Button adding a dependent, and the title of its dialog'),
  save_dependent: text('Save changes', 'Button saving a dependent'),
  add_dependent_button: text('Add dependent', 'Button of the dialog adding a dependent'),
  no_receipts: text('No payments yet.', 'Said when there is no receipt'),
  receipts_caption: text('Receipts, newest first', 'Name of the receipts table'),
  receipt_of: text('the receipt of {date}', 'Read out after View (screen readers; {date})'),
  print_receipt: text('Print receipt', 'Button printing a receipt'),
  receipt_number: text('Receipt no. {number}', 'The receipt’s number ({number})'),
  paid_with: text('Paid with', 'Label of the card paid with'),
  card_ending: text('Card ending {last4}', 'The card paid with ({last4})'),
  amount_paid: text('Amount paid', 'Label of the amount paid'),
  receipt_thanks: text('Thank you. Keep this receipt for your records.', 'Text at the foot of a receipt'),
  profile_label: text('Your details', 'Name of the details form (screen readers)'),
  first_name_label: text('First name', 'Label of the first name'),
  last_name_label: text('Last name', 'Label of the last name'),
  street_label: text('Street address', 'Label of the street address'),
  zip_label: text('ZIP code', 'Label of the ZIP code'),
  language_label: text(
    'Language of your mail',
    'Label of the language the member’s mail is written in (shown when the site has languages)',
  ),
  save_details: text('Save details', 'Button saving the details'),
  find_dentist_link: text('Find another dentist', 'Link to find a dentist'),
  change_password: text('Change password', 'Button changing the password, and the title of its dialog'),
  current_password_label: text('Current password', 'Label of the current password'),
  new_password_label: text('New password', 'Label of the new password'),
  confirm_password_label: text('New password again', 'Label of the new password, again'),
  show_passwords: text('Show passwords', 'Checkbox showing the passwords'),
  save_password: text('Save the new password', 'Button saving the new password'),
  password_saved: text(
    'Your password is changed. You are signed out everywhere else.',
    'Said when the new password is saved',
  ),
  ...passwordRulesSettings,
  ...cardFieldsSettings,
  ...joinSettings,
})
export type DashboardSettings = z.output<typeof dashboardSettingsSchema>

/**
 * What content holds for the dashboard (`pages.dashboard`): the page's texts, and the mails a
 * membership's life sends (schemas/membership-mails.ts) and the mail after a change of password
 * (schemas/account-mail.ts), which the server reads and the page does
 * not (its props leave them out).
 */
export const dashboardContentSchema = z.extend(dashboardSettingsSchema, {
  ...membershipMailsSchema.shape,
  ...passwordChangedMailSchema.shape,
})
