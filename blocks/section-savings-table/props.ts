import { z } from '#schemas/engine/zod.ts'
import { fixed, localized } from '#schemas/fields.ts'
import { disclosureProp } from '../kit/catalog/disclosure-prop.ts'
import { disclosureSettings, feeTableSettings, settingText } from '../kit/settings.ts'

// The fees are not props: the table reads them from the plan API, never from content.
export const sectionSavingsTablePropsSchema = z.object({
  heading: localized(z.string().check(z.regex(/\S/, 'Heading is required'), z.maxLength(120), z.describe('Heading'))),
  intro: z.optional(localized(z.string().check(z.maxLength(600)))).check(z.describe('Text under the heading')),
  plan_id: z
    .optional(z.number().check(z.int(), z.positive()))
    .check(z.describe('Plan, by plan id (empty: the first plan the site offers)')),
  codes: z
    .optional(
      z.array(fixed(z.string().check(z.regex(/^D\d{4}$/, 'A procedure code, such as D1110')))).check(z.maxLength(30)),
    )
    .check(z.describe('Procedure codes to show, in this order (empty: every procedure of the plan’s fee schedule)')),
  disclosure: disclosureProp('fees'),
  ...disclosureSettings,
  fees_title: settingText('the fees', 'The fees, in “We could not load …” and while they load'),
  no_plans: settingText('No plans are offered on this site yet.', 'Shown when the site offers no plan'),
  plan_prices: settingText(
    '{plan}: {monthly} a month or {annual} a year per member{enrollment}.',
    'The plan’s prices ({plan} in bold, {monthly}, {annual}, {enrollment}: one of the two texts below)',
  ),
  enrollment_fee: settingText(
    ', plus a one-time enrollment fee of {fee}',
    'The plan’s enrollment fee, in {enrollment} ({fee})',
  ),
  no_enrollment_fee: settingText(', no enrollment fee', 'A plan without enrollment fee, in {enrollment}'),
  no_fees: settingText(
    'The {plan} plan has no fee for the procedures chosen for this table.',
    'Shown when the plan has none of the chosen procedures ({plan})',
  ),
  table_title: settingText('Member fees on the {plan} plan', 'Caption of the fee table ({plan})'),
  ...feeTableSettings,
})
export type SectionSavingsTableProps = z.output<typeof sectionSavingsTablePropsSchema>
