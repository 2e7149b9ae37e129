import { z } from 'zod'
import { defineSectionBlock } from '#engine'
import { disclosureProp } from '../kit/disclosure-prop.ts'

// The fees are not props: the table reads them from the plan API, never from content.
export const sectionSavingsTablePropsSchema = z.object({
  heading: z.string().regex(/\S/, 'Heading is required').max(120).describe('Heading'),
  intro: z.string().max(600).optional().describe('Text under the heading'),
  plan_id: z.number().int().positive().optional().describe('Plan, by plan id (empty: the first plan the site offers)'),
  codes: z
    .array(z.string().regex(/^D\d{4}$/, 'A procedure code, such as D1110'))
    .max(30)
    .optional()
    .describe('Procedure codes to show, in this order (empty: every procedure of the plan’s fee schedule)'),
  disclosure: disclosureProp('fees'),
})
export type SectionSavingsTableProps = z.output<typeof sectionSavingsTablePropsSchema>

export const sectionSavingsTable = defineSectionBlock({
  name: 'section-savings-table',
  title: 'Savings table',
  description: 'One plan’s usual fee, member fee and saving for each procedure, exact to the cent, from the plan API.',
  schema: sectionSavingsTablePropsSchema,
  load: () => import('./section-savings-table.tsx'),
})
