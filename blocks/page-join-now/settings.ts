import { z } from '#schemas/engine/zod.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { settingText as text } from '../kit/settings.ts'

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
  disclosure: text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'),
})
export type JoinNowSettings = z.output<typeof joinNowSettingsSchema>
