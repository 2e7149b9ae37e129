import { z } from './engine/zod.ts'
import { mailText } from './fields.ts'

/**
 * The mails a membership's life sends, worded in content: the dashboard's settings
 * (`pages.dashboard`) hold them, today's wording the default. `{name}` placeholders are filled by
 * server/features/members/membership-mail.ts: {first_name}, {plan}, {amount}, {date}, {card}, {receipt},
 * {retry_date}, {previous_amount}, {dashboard}, {phone}; the renewal notices {renewal_off}: a link that
 * turns automatic renewal off in one click, without signing in; the ID cards' mail {cards} (each
 * card's lines); a receipt's mail {description} and {refunded}; a reinstatement's {renewal_amount}
 * (what the next renewal charges); the card's mails {brand} (the card's
 * brand) and {expiry} (its expiry month, `MM/YYYY`); the yearly reminder {frequency} (`month`); a change's mails {renewal} (the sentence that says
 * what the renewal is after it, from `mail_changed_renews` or `mail_changed_ends`). The confirmation of
 * a membership bought (at the checkout, or again from the dashboard): {company}, {member_number},
 * {lines} (a line per person, and the fee and discount lines) and {terms} (the auto-renewal terms
 * as consented to).
 */
export const membershipMailsSchema = z.object({
  mail_joined_subject: mailText(
    'Welcome to {company}: your {plan} membership',
    'Confirmation of a membership bought at the checkout: subject',
  ),
  mail_rejoined_subject: mailText(
    'Welcome back to {company}: your {plan} membership',
    'Confirmation of a membership bought again from the dashboard: subject',
  ),
  mail_joined_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is active. Your member number is {member_number}.\n\nReceipt {receipt}: {amount} charged to the card ending {card}.\n{lines}\n\nAutomatic renewal and how to cancel:\n{terms}\n\nYour ID cards and receipts are on your dashboard: {dashboard}',
    'Confirmation of a membership bought: text',
  ),
  mail_joined_fee_line: mailText('Enrollment fee: {amount}', 'Confirmation: the enrollment fee’s line'),
  mail_joined_discount_line: mailText('Discount: -{amount}', 'Confirmation: the discount’s line'),
  mail_month: mailText('month', 'The word {frequency} is for a monthly membership (the yearly reminder)'),
  mail_year: mailText('year', 'The word {frequency} is for an annual membership (the yearly reminder)'),
  mail_phone_fallback: mailText('customer service', 'Said for {phone} where the site gives no phone number'),
  mail_renewed_subject: mailText('Your {plan} membership is renewed', 'Mail after a renewal: subject'),
  mail_renewed_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is renewed. Receipt {receipt}: {amount} charged to the card ending {card}, for {description}.\n\nIt renews next on {date}. To cancel, or to turn automatic renewal off, go to your dashboard: {dashboard} or call {phone}.',
    'Mail after a renewal: text',
  ),
  mail_declined_subject: mailText(
    'We could not renew your {plan} membership',
    'Mail after a declined renewal: subject',
  ),
  mail_declined_body: mailText(
    'Hello {first_name},\n\nYour card ending {card} was declined for your {plan} membership’s renewal of {amount}. We will try again on {retry_date}.\n\nUpdate your card on your dashboard to renew now and keep your cover: {dashboard}',
    'Mail after a declined renewal: text',
  ),
  mail_declined_last_subject: mailText(
    'Last try to renew your {plan} membership, on {retry_date}',
    'Mail after a declined renewal when one try is left: subject',
  ),
  mail_declined_last_body: mailText(
    'Hello {first_name},\n\nYour card ending {card} was declined again for your {plan} membership’s renewal of {amount}. We try it one last time on {retry_date}. If that fails too, your membership ends that day and its ID cards stop working.\n\nUpdate your card on your dashboard to renew now and keep your cover: {dashboard}',
    'Mail after a declined renewal when one try is left: text',
  ),
  mail_expired_subject: mailText('Your {plan} membership has ended', 'Mail when a membership ends: subject'),
  mail_expired_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership ended on {date}, and its ID cards no longer work. You can join again at any time from your dashboard: {dashboard}',
    'Mail when a membership ends: text',
  ),
  mail_ending_subject: mailText(
    'Your {plan} membership will end on {date}',
    'Mail when renewal is turned off: subject',
  ),
  mail_ending_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership will not renew: it ends on {date}, and nothing more is charged. Changed your mind? Turn renewal back on from your dashboard before then: {dashboard}',
    'Mail when renewal is turned off: text',
  ),
  mail_cancelled_subject: mailText(
    'Your {plan} membership is cancelled',
    'Mail when a membership is cancelled: subject',
  ),
  mail_cancelled_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is cancelled as of {date}, for you and your dependents. {amount} is refunded to the card ending {card}; it reaches your account within 5 to 10 business days.\n\nYou can join again at any time from your dashboard: {dashboard}',
    'Mail when a membership is cancelled: text',
  ),
  mail_cancelled_no_refund_subject: mailText(
    'Your {plan} membership is cancelled',
    'Mail when a membership is cancelled with nothing to refund: subject',
  ),
  mail_cancelled_no_refund_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is cancelled as of {date}, for you and your dependents. Nothing more is charged, and there is nothing to refund.\n\nYou can join again at any time from your dashboard: {dashboard}',
    'Mail when a membership is cancelled with nothing to refund: text',
  ),
  mail_reinstated_subject: mailText(
    'Your {plan} membership renews again',
    'Mail when renewal is turned back on: subject',
  ),
  mail_reinstated_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership renews again on {date} at {amount}. To cancel, go to your dashboard: {dashboard}',
    'Mail when renewal is turned back on: text',
  ),
  mail_reinstated_charged_subject: mailText(
    'Your {plan} membership is reinstated',
    'Mail when member services reinstate an ended membership with a charge: subject',
  ),
  mail_reinstated_charged_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is reinstated: you and your dependents are covered through {date}. Receipt {receipt}: {amount} charged to the card ending {card}.\n\nIt then renews automatically at {renewal_amount}. To cancel, or to turn automatic renewal off, go to your dashboard: {dashboard} or call {phone}.',
    'Mail when member services reinstate an ended membership with a charge: text',
  ),
  mail_reinstated_free_subject: mailText(
    'Your {plan} membership is reinstated',
    'Mail when member services reinstate an ended membership without a charge: subject',
  ),
  mail_reinstated_free_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership is reinstated: you and your dependents are covered through {date}. Nothing was charged for this.\n\nIt then renews automatically at {renewal_amount}, charged to the card ending {card}. To cancel, or to turn automatic renewal off, go to your dashboard: {dashboard} or call {phone}.',
    'Mail when member services reinstate an ended membership without a charge: text',
  ),
  mail_notice_subject: mailText('Your {plan} membership renews on {date}', 'Annual renewal notice: subject'),
  mail_notice_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership renews automatically on {date} at {amount} a year, charged to the card ending {card}.\n\nTo stop it, turn automatic renewal off with one click, no sign-in or call needed: {renewal_off}\n\nOr do it from your dashboard ({dashboard}), or call {phone}.',
    'Annual renewal notice: text',
  ),
  mail_price_change_subject: mailText(
    'Your {plan} membership’s price changes on {date}',
    'Mail when a renewal’s price changes: subject',
  ),
  mail_price_change_body: mailText(
    'Hello {first_name},\n\nFrom its renewal on {date}, your {plan} membership costs {amount}, charged to the card ending {card}. Until then it stays at {previous_amount}.\n\nTo stop it, turn automatic renewal off before then with one click, no sign-in or call needed: {renewal_off}\n\nOr do it from your dashboard ({dashboard}), or call {phone}.',
    'Mail when a renewal’s price changes: text',
  ),
  mail_refunded_subject: mailText('Your refund of {amount}', 'Mail after a refund by member services: subject'),
  mail_refunded_body: mailText(
    'Hello {first_name},\n\nWe refunded {amount} of receipt {receipt} to the card ending {card}; it reaches your account within 5 to 10 business days. Your receipts on your dashboard show it: {dashboard}',
    'Mail after a refund by member services: text',
  ),
  mail_id_card_subject: mailText('Your {plan} ID cards', 'ID cards sent again by member services: subject'),
  mail_id_card_body: mailText(
    'Hello {first_name},\n\nHere are your ID cards, as you asked. Show the member number at your dental office.\n\n{cards}\n\nYou can print them from your dashboard: {dashboard}',
    'ID cards sent again by member services: text',
  ),
  mail_receipt_subject: mailText('Your receipt {receipt}', 'A receipt sent again by member services: subject'),
  mail_receipt_body: mailText(
    'Hello {first_name},\n\nReceipt {receipt}, paid on {date}: {description}.\n{amount} charged to the card ending {card}. Refunded: {refunded}.\n\nAll your receipts are on your dashboard: {dashboard}',
    'A receipt sent again by member services: text',
  ),
  mail_card_expiry_subject: mailText(
    'Your card ending {card} expires before your {plan} membership renews on {date}',
    'Mail when the card on file expires before the renewal: subject',
  ),
  mail_card_expiry_body: mailText(
    'Hello {first_name},\n\nYour {plan} membership renews automatically on {date} at {amount}, charged to your {brand} card ending {card}. That card is valid through {expiry}, which ends before the renewal, so the renewal cannot be charged to it.\n\nTo keep your membership without a break, update your card on your dashboard (Card on file, Update card): {dashboard}\n\nQuestions? Call {phone}.',
    'Mail when the card on file expires before the renewal: text',
  ),
  mail_annual_reminder_subject: mailText(
    'Your yearly reminder: your {plan} membership renews every {frequency}',
    'Yearly reminder to monthly members of their automatic renewal: subject',
  ),
  mail_annual_reminder_body: mailText(
    'Hello {first_name},\n\nOnce a year we remind you of your automatic renewal: your {plan} membership renews automatically every {frequency} at {amount}, charged to your {brand} card ending {card}, until you cancel. The next charge is on {date}.\n\nTo cancel, or to turn automatic renewal off, go to your dashboard ({dashboard}) or call {phone}. Or turn renewal off with one click, no sign-in or call needed: {renewal_off}',
    'Yearly reminder to monthly members of their automatic renewal: text',
  ),
  mail_changed_charged_subject: mailText(
    'Your {plan} membership is changed: {amount} charged',
    'Mail after a change mid-term that is charged (another plan, a dependent added): subject',
  ),
  mail_changed_charged_body: mailText(
    'Hello {first_name},\n\nYour membership is changed. Receipt {receipt}: {amount} charged to the card ending {card}, for {description}.\n\n{renewal}\n\nSee it on your dashboard: {dashboard} or call {phone}.',
    'Mail after a change mid-term that is charged: text ({description} names the change, the days and the people; {renewal} is one of the two sentences below)',
  ),
  mail_changed_refunded_subject: mailText(
    'Your {plan} membership is changed: {amount} refunded',
    'Mail after a change mid-term that is refunded (a dependent removed, a plan that costs less): subject',
  ),
  mail_changed_refunded_body: mailText(
    'Hello {first_name},\n\nYour membership is changed. {amount} is refunded to the card ending {card}, for {description}; it reaches your account within 5 to 10 business days.\n\n{renewal}\n\nSee it on your dashboard: {dashboard} or call {phone}.',
    'Mail after a change mid-term that is refunded: text',
  ),
  mail_changed_renews: mailText(
    'From its renewal on {date}, your {plan} membership costs {renewal_amount}.',
    'The {renewal} sentence of a change’s mail when the membership renews',
  ),
  mail_changed_ends: mailText(
    'Your membership does not renew: it ends on {date}, and nothing more is charged.',
    'The {renewal} sentence of a change’s mail when automatic renewal is off',
  ),
})
export type MembershipMails = z.output<typeof membershipMailsSchema>
export type MembershipMailKind =
  | 'renewed'
  | 'declined'
  | 'declined_last'
  | 'expired'
  | 'ending'
  | 'cancelled'
  | 'cancelled_no_refund'
  | 'reinstated'
  | 'reinstated_charged'
  | 'reinstated_free'
  | 'notice'
  | 'price_change'
  | 'refunded'
  | 'id_card'
  | 'receipt'
  | 'card_expiry'
  | 'annual_reminder'
  | 'changed_charged'
  | 'changed_refunded'
