import { z } from 'zod'
import { defineSectionBlock } from '#engine'

const link = z.string().regex(/^(\/|#|https?:\/\/|mailto:|tel:)/, 'A site path, an anchor, or an http(s), mailto: or tel: address')

export const sectionCtaPropsSchema = z.object({
  headline: z.string().regex(/\S/, 'Headline is required').max(120).describe('Headline'),
  text: z.string().max(600).optional().describe('Text'),
  button_text: z.string().regex(/\S/, 'Button text is required').max(40).describe('Button text'),
  button_url: link.describe('Button link'),
  secondary_text: z.string().max(60).optional().describe('Second link text'),
  secondary_url: link.optional().describe('Second link'),
})
export type SectionCtaProps = z.output<typeof sectionCtaPropsSchema>

export const sectionCta = defineSectionBlock({
  name: 'section-cta',
  title: 'Call to action',
  description: 'A headline, a line of text and a button (and an optional second link).',
  schema: sectionCtaPropsSchema,
  load: () => import('./section-cta.tsx'),
})
