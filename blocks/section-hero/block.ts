import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionHeroPropsSchema = z.object({
  eyebrow: z.string().max(60).optional().describe('Small line above the headline'),
  headline: z.string().regex(/\S/, 'Headline is required').max(120).describe('Headline'),
  text: z.string().max(2000).optional().meta({ contentMediaType: 'text/html', description: 'Text (rich text)' }),
  ctaText: z.string().max(40).optional().describe('Button text'),
  ctaUrl: z.string().regex(/^(\/|#|https?:\/\/)/, 'A site path, an anchor or an http(s) address').optional().describe('Button link'),
  tone: z.enum(['brand', 'light']).default('brand').describe('Colours: brand background, or light'),
})
export type SectionHeroProps = z.output<typeof sectionHeroPropsSchema>

export const sectionHero = defineSectionBlock({
  name: 'section-hero',
  title: 'Hero',
  description: 'A large headline with a short text and one button.',
  schema: sectionHeroPropsSchema,
  load: () => import('./section-hero.tsx'),
})
