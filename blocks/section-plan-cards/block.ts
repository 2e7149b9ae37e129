import { z } from 'zod'
import { defineSectionBlock } from '#engine'
import { disclosureProp } from '../kit/disclosure-prop.ts'

// Prices and fees are not props: the cards read them from the plan API, never from content.
export const sectionPlanCardsPropsSchema = z.object({
  heading: z.string().regex(/\S/, 'Heading is required').max(120).describe('Heading'),
  intro: z.string().max(600).optional().describe('Text under the heading'),
  plan_ids: z
    .array(z.number().int().positive())
    .max(6, 'Show at most six plans')
    .optional()
    .describe('Plans to show, by plan id, in this order (empty: every plan the site offers)'),
  lead_billing: z.enum(['monthly', 'annual']).default('monthly').describe('Price shown first: monthly or annual'),
  button_text: z.string().regex(/\S/, 'Button text is required').max(40).default('Join now').describe('Button text (the plan’s name is added for screen readers)'),
  disclosure: disclosureProp('prices'),
})
export type SectionPlanCardsProps = z.output<typeof sectionPlanCardsPropsSchema>

export const sectionPlanCards = defineSectionBlock({
  name: 'section-plan-cards',
  title: 'Plan cards',
  description: 'A card for each plan, with its monthly and annual prices, enrollment fee, who it covers, a few member fees and a join button. Prices come from the plan API.',
  schema: sectionPlanCardsPropsSchema,
  load: () => import('./section-plan-cards.tsx'),
})
