import { z } from '#schemas/engine/zod.ts'
import { disclosureProp } from '../kit/catalog/disclosure-prop.ts'

// Prices and fees are not props: the cards read them from the plan API, never from content.
export const sectionPlanCardsPropsSchema = z.object({
  heading: z.string().check(z.regex(/\S/, 'Heading is required'), z.maxLength(120), z.describe('Heading')),
  intro: z.optional(z.string().check(z.maxLength(600))).check(z.describe('Text under the heading')),
  plan_ids: z
    .optional(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(6, 'Show at most six plans')))
    .check(z.describe('Plans to show, by plan id, in this order (empty: every plan the site offers)')),
  lead_billing: z
    ._default(z.enum(['monthly', 'annual']), 'monthly')
    .check(z.describe('Price shown first: monthly or annual')),
  button_text: z
    ._default(z.string().check(z.regex(/\S/, 'Button text is required'), z.maxLength(40)), 'Join now')
    .check(z.describe('Button text (the plan’s name is added for screen readers)')),
  disclosure: disclosureProp('prices'),
})
export type SectionPlanCardsProps = z.output<typeof sectionPlanCardsPropsSchema>
