import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { disclosureSettings, settingText as text } from '../kit/settings.ts'

/** The office page's texts, from content (`pages.office`); the office's own details come from the API. */
export const officeSettingsSchema = z.object({
  intro: text(
    'A participating office: members pay the plan’s fees for every listed procedure here.',
    'Text under the office’s name',
  ),
  plans_heading: text('Plans at this office', 'Heading of the plans'),
  join_button: text('Join', 'Join button on each plan'),
  dentists_heading: text('Dentists', 'Heading of the dentists'),
  back_link: text('Back to find a dentist', 'Link back to the search'),
  disclosure: localized(text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'), { required: true }),
  ...disclosureSettings,
  office_title: text('this office', 'The office, in “We could not load …” and while it loads'),
  plans_title: text('the plans', 'The plans, in “We could not load …”'),
  accepting: text('Accepting new patients', 'Said when the office takes new patients'),
  not_accepting: text('Not accepting new patients at the moment', 'Said when the office takes no new patients'),
  address_heading: text('Address and phone', 'Heading of the address'),
  directions_link: text('Directions to {office} (opens your map app)', 'Link to the map ({office})'),
  call_link: text('Call {phone}', 'Link calling the office ({phone})'),
  access_heading: text('Access and languages', 'Heading of the access and languages'),
  access_unknown: text(
    'Ask the office about access before your visit.',
    'Said when the office has given no accessibility details',
  ),
  staff_languages: text('Staff speak {languages}.', 'The languages of the office’s staff ({languages})'),
  provider_languages: text('Speaks {languages}', 'The languages of a dentist ({languages})'),
  board_certified: text('Board certified: {certification}', 'A dentist’s board certification ({certification})'),
  provider_accepting: text('Accepting new patients', 'Said when a dentist takes new patients'),
  provider_not_accepting: text('Not accepting new patients', 'Said when a dentist takes no new patients'),
  no_plans: text('This office offers no plan at the moment.', 'Said when the office offers no plan'),
  plan_price: text('{monthly} a month, or {annual} a year', 'A plan’s price ({monthly} in large type, {annual})'),
  enrollment_fee: text('{fee} enrollment fee', 'A plan’s enrollment fee ({fee})'),
  no_enrollment_fee: text('No enrollment fee', 'Said when a plan has no enrollment fee'),
  covers_dependents: text('covers you and up to {count} dependents', 'Who a family plan covers ({count})'),
  covers_one: text('one person', 'Who a plan for one covers'),
  usual_fee: text('usual fee', 'Read out before a procedure’s usual fee (screen readers)'),
  member_fee: text('member fee', 'Read out before a procedure’s member fee (screen readers)'),
})
export type OfficeSettings = z.output<typeof officeSettingsSchema>
