import { z } from '#schemas/engine/zod.ts'
import { disclosureProp } from '../kit/catalog/disclosure-prop.ts'

// The fees are not props: the table reads them from the plan API, never from content.
export const sectionSavingsTablePropsSchema = z.object({
  heading: z.string().check(z.regex(/\S/, 'Heading is required'), z.maxLength(120), z.describe('Heading')),
  intro: z.optional(z.string().check(z.maxLength(600))).check(z.describe('Text under the heading')),
  plan_id: z
    .optional(z.number().check(z.int(), z.positive()))
    .check(z.describe('Plan, by plan id (empty: the first plan the site offers)')),
  codes: z
    .optional(z.array(z.string().check(z.regex(/^D\d{4}$/, 'A procedure code, such as D1110'))).check(z.maxLength(30)))
    .check(z.describe('Procedure codes to show, in this order (empty: every procedure of the plan’s fee schedule)')),
  disclosure: disclosureProp('fees'),
})
export type SectionSavingsTableProps = z.output<typeof sectionSavingsTablePropsSchema>
