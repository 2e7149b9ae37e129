import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { disclosureProp } from '../kit/catalog/disclosure-prop.ts'
import { disclosureSettings, settingText } from '../kit/settings.ts'

// Prices and fees are not props: the cards read them from the plan API, never from content.
export const sectionPlanCardsPropsSchema = z.object({
  heading: localized(z.string().check(z.regex(/\S/, 'Heading is required'), z.maxLength(120), z.describe('Heading'))),
  intro: z.optional(localized(z.string().check(z.maxLength(600)))).check(z.describe('Text under the heading')),
  plan_ids: z
    .optional(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(6, 'Show at most six plans')))
    .check(z.describe('Plans to show, by plan id, in this order (empty: every plan the site offers)')),
  lead_billing: z
    ._default(z.enum(['monthly', 'annual']), 'monthly')
    .check(z.describe('Price shown first: monthly or annual')),
  button_text: z
    ._default(localized(z.string().check(z.regex(/\S/, 'Button text is required'), z.maxLength(40))), 'Join now')
    .check(z.describe('Button text (the plan’s name is added for screen readers)')),
  disclosure: disclosureProp('prices'),
  ...disclosureSettings,
  plans_title: settingText('the plans', 'The plans, in “We could not load …” and while they load'),
  no_plans: settingText('No plans are offered on this site yet.', 'Shown when the site offers no plan'),
  lead_price: settingText('{price} {period} per member', 'The price shown first ({price} in large type, {period})'),
  other_price: settingText('or {price} {period} per member', 'The other price ({price}, {period})'),
  per_month: settingText('a month', 'The monthly price’s period, in {period}'),
  per_year: settingText('a year', 'The annual price’s period, in {period}'),
  annual_saving: settingText('Paying yearly saves {saving} a member', 'What paying yearly saves ({saving})'),
  enrollment_fee: settingText('One-time enrollment fee {fee}', 'A plan’s enrollment fee ({fee})'),
  no_enrollment_fee: settingText('No enrollment fee', 'A plan without enrollment fee'),
  fees_heading: settingText('Member fees at participating dentists', 'Heading of a plan’s fee list'),
  usual_fee: settingText('usual fee', 'Read before a usual fee, struck through (screen readers)'),
  member_fee: settingText('member fee', 'Read before a member fee (screen readers)'),
  button_label: settingText('{button}: the {plan} plan', 'The button’s name for screen readers ({button}, {plan})'),
  covers_one: settingText('Covers one person', 'Who a plan for one covers'),
  covers_one_dependent: settingText(
    'Covers the member and up to {count} dependent',
    'Who a plan for the member and one dependent covers ({count})',
  ),
  covers_dependents: settingText(
    'Covers the member and up to {count} dependents',
    'Who a plan for the member and dependents covers ({count})',
  ),
})
export type SectionPlanCardsProps = z.output<typeof sectionPlanCardsPropsSchema>
