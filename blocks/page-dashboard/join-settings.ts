import { disclosureSettings, settingText as text, termsConsentSettings } from '../kit/settings.ts'

/** The join flow's texts (join.tsx, join-dialog.tsx): an account without a membership that covers joins from its dashboard. */
export const joinSettings = {
  join_intro: text(
    'You have no membership now. Join in three steps: your office and plan, your family, then payment.',
    'Join: text above the join button, for an account that never had a membership',
  ),
  rejoin_intro: text(
    'Your membership has ended. Join again in three steps: your office and plan, your family, then payment. Your family stays on your account.',
    'Join: text above the join button, for an account whose membership ended',
  ),
  join_button: text('Join', 'Join: button opening the join flow (an account that never had a membership)'),
  rejoin_button: text('Join again', 'Join: button opening the join flow (a membership that ended)'),
  join_title: text('Join {company}', 'Join: title of the join flow ({company})'),
  join_steps_label: text('Steps to join', 'Join: name of the list of steps (screen readers)'),
  join_step_plan: text('Office and plan', 'Join: first step'),
  join_step_family: text('Family', 'Join: second step'),
  join_step_payment: text('Payment', 'Join: third step'),
  join_office_label: text('Dental office', 'Join: label of the office choice'),
  join_office_placeholder: text('Choose an office', 'Join: the office choice before one is chosen'),
  join_cycle_label: text('Billing', 'Join: name of the billing choice'),
  join_monthly: text('Monthly', 'Join: the monthly billing choice'),
  join_annual: text('Yearly', 'Join: the yearly billing choice'),
  join_plan_label: text('Plan', 'Join: name of the plan choice'),
  join_plan_option: text(
    '{plan}: {price} a {period}, covers up to {count} family members',
    'Join: each plan choice ({plan}, {price}, {period}, {count})',
  ),
  join_choose_office: text('Choose an office first.', 'Join: said when no office is chosen'),
  join_choose_plan: text('Choose a plan.', 'Join: said when no plan is chosen'),
  join_family_intro: text(
    'Everyone here is covered by the new membership. Family members already on your account stay on it.',
    'Join: text of the family step',
  ),
  join_family_label: text('People on the membership', 'Join: name of the list of people'),
  join_on_account: text('already on your account', 'Join: said of a family member already on the account'),
  join_added: text('added now', 'Join: said of a family member added in this flow'),
  join_add_heading: text('Add a family member', 'Join: heading of the form adding a family member'),
  join_add_button: text('Add to the membership', 'Join: button adding a family member'),
  join_family_full: text(
    'The {plan} plan covers up to {count} family members.',
    'Join: said when the plan has no room for more ({plan}, {count})',
  ),
  join_remove: text('Remove {name}', 'Join: button removing a family member added in this flow ({name})'),
  join_quote_loading: text('Working out the price…', 'Join: said while the price is worked out'),
  join_summary_heading: text('Your order', 'Join: heading of the price summary'),
  join_enrollment_fee: text('Enrollment fee', 'Join: the enrollment fee line'),
  join_discount: text('Coupon', 'Join: the coupon discount line'),
  join_due_today: text('Due today', 'Join: the total line'),
  join_coupon_label: text('Coupon code (optional)', 'Join: label of the coupon code'),
  join_card_heading: text('Card', 'Join: heading of the card fields'),
  join_back: text('Back', 'Join: button going to the step before'),
  join_next: text('Continue', 'Join: button going to the next step'),
  join_cancel: text('Not now', 'Join: button closing the join flow'),
  join_pay: text('Pay {amount} and join', 'Join: the pay button ({amount})'),
  join_paying: text('Paying…', 'Join: the pay button while paying'),
  join_working: text('Starting your membership…', 'Join: said over the page while the card is charged'),
  join_done: text(
    'Welcome back. Your {plan} membership is active: your receipt, ID cards and a confirmation mail are on their way.',
    'Join: said once paid ({plan})',
  ),
  // The Terms of Service's box; the consent to the renewal terms, a box of its own, is asked in
  // the checkout's words (props.ts).
  ...termsConsentSettings,
  ...disclosureSettings,
}
