import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { disclosureSettings, settingText as text } from '../kit/settings.ts'

/** The join page's texts, from content (`pages.join-now`). */
export const joinNowSettingsSchema = z.object({
  heading: text('Join in minutes', 'Heading of the page'),
  intro: text(
    'Pick the dental office you will visit and a plan. Members pay the plan’s fees for every listed procedure at that office.',
    'Text under the heading',
  ),
  office_heading: text('Your dental office', 'Heading of the office part'),
  zip_label: text('ZIP code', 'Label of the ZIP search'),
  zip_button: text('Find offices', 'Button of the ZIP search'),
  choose_office: text('Choose this office', 'Button choosing an office'),
  change_office: text('Choose another office', 'Link changing the office'),
  unknown_office: text(
    'We could not find the office of this link. Choose an office near you.',
    'Message for an unknown office',
  ),
  plans_heading: text('Plans at this office', 'Heading of the plans'),
  cycle_legend: text('How do you want to pay?', 'Legend of the billing choice'),
  monthly: text('Monthly', 'Monthly billing option'),
  annual: text('Yearly', 'Yearly billing option'),
  choose_plan: text('Choose {plan}', 'Button choosing a plan ({plan})'),
  suggested: text('The plan you picked', 'Mark on the plan named in the link'),
  fees_summary: text('All member fees', 'Summary of the full fee schedule'),
  expired_notice: text(
    'Your checkout expired: a checkout is kept for 24 hours, and nothing was charged. Choose your plan again to start over.',
    'Notice when a checkout expired',
  ),
  in_progress: text(
    'You have a checkout in progress: {plan} at {office}.',
    'Notice of a checkout in progress ({plan}, {office})',
  ),
  continue_checkout: text('Continue it', 'Link back to the checkout in progress'),
  disclosure: localized(text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'), { required: true }),
  ...disclosureSettings,
  office_title: text('this office', 'The office, in “We could not load …”'),
  near_label: text('Offices near a ZIP code', 'Name of the ZIP search (screen readers)'),
  near_title: text('offices near you', 'The offices near the ZIP code, in “We could not load …”'),
  near_list_label: text('Offices near you', 'Name of the list of offices near the ZIP code (screen readers)'),
  no_office_near: text(
    'No participating office within 25 miles. Try a nearby ZIP code.',
    'Said when no office is near the ZIP code',
  ),
  no_plans: text(
    'This office offers none of our plans at the moment. Choose another office.',
    'Said when the office offers no plan',
  ),
  per_month: text('a month', 'After a monthly price'),
  per_year: text('a year', 'After a yearly price'),
  other_price: text('or {price} {period}', 'The price of the other billing ({price}, {period})'),
  enrollment_fee: text('{fee} enrollment fee, once', 'A plan’s enrollment fee ({fee})'),
  no_enrollment_fee: text('No enrollment fee', 'Said when a plan has no enrollment fee'),
  covers_family: text('covers you and up to {count} family members', 'Who a family plan covers ({count})'),
  covers_one: text('covers one person', 'Who a plan for one covers'),
  common_fees_caption: text('Common member fees of the {plan} plan', 'Caption of a plan’s common fees ({plan})'),
  fees_summary_plan: text('of the {plan} plan', 'Read out after “All member fees” (screen readers; {plan})'),
  all_fees_caption: text('All member fees of the {plan} plan', 'Caption of a plan’s full fee schedule ({plan})'),
})
export type JoinNowSettings = z.output<typeof joinNowSettingsSchema>
