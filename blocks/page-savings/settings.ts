import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { disclosureSettings, feeTableSettings, settingText as text } from '../kit/settings.ts'

/** The savings summary's texts, from content (`pages.savings-summary`). */
export const savingsSettingsSchema = z.object({
  heading: text('What members save', 'Page heading'),
  intro: text(
    'Every participating dentist charges members the fees below. Compare them with the usual fees, then work out what your household would save in a year.',
    'Text under the heading',
  ),
  calculator_heading: text('Your yearly savings', 'Calculator heading'),
  calculator_help: text(
    'Choose a plan, the number of people, and how many of each procedure your household expects in a year. The membership price is taken off the savings.',
    'Calculator help',
  ),
  disclosure: localized(text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'), { required: true }),
  ...disclosureSettings,
  plans_title: text('the plans', 'The plans, in “We could not load …”'),
  no_plans: text('No plans are offered on this site yet.', 'Said when the site offers no plan'),
  people_label: text('People in the household', 'Label of the number of people'),
  procedures_legend: text('Procedures a year, for the whole household', 'Legend of the procedure counts'),
  usual_total: text('At usual fees', 'The year’s cost at usual fees'),
  member_total: text('At member fees', 'The year’s cost at member fees'),
  membership_total: text(
    'Membership for {count} {people}, one year{enrollment}',
    'The membership’s price for a year ({count}, {people}: the next two settings, {enrollment})',
  ),
  person: text('person', 'One person, in the membership’s price'),
  people: text('people', 'Several people, in the membership’s price'),
  with_enrollment: text(', with enrollment', 'Added to the membership’s price when the plan has an enrollment fee'),
  saving: text('You save', 'The saving, when there is one'),
  loss: text('The plan costs more than it saves by', 'The difference, when the plan costs more than it saves'),
  too_many_people: text(
    'The {plan} plan covers {covers}; choose a plan for {count}.',
    'Said when the plan covers fewer people ({plan}, {covers}: the next two settings, {count})',
  ),
  covers_family: text('at most {count} people', 'Who a family plan covers ({count})'),
  covers_one: text('one person', 'Who a plan for one covers'),
  join_button: text('Join the {plan} plan', 'Button joining the chosen plan ({plan})'),
  plan_heading: text(
    '{plan}: {monthly} a month or {annual} a year per person',
    'Heading of a plan’s fees ({plan}, {monthly}, {annual})',
  ),
  enrollment_fee: text('One-time enrollment fee {fee}.', 'A plan’s enrollment fee ({fee})'),
  no_enrollment_fee: text('No enrollment fee.', 'Said when a plan has no enrollment fee'),
  plan_covers_family: text(
    'Covers the member and up to {count} dependents.',
    'Who a family plan covers, under its heading ({count})',
  ),
  plan_covers_one: text('Covers one person.', 'Who a plan for one covers, under its heading'),
  fees_title: text('Fees on the {plan} plan', 'Name of a plan’s fee table ({plan})'),
  ...feeTableSettings,
})
export type SavingsSettings = z.output<typeof savingsSettingsSchema>
