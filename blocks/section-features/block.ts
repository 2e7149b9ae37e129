import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionFeaturesPropsSchema = z.object({
  title: z.string().regex(/\S/, 'Title is required').max(120).describe('Title'),
  items: z
    .array(
      z.object({
        icon: z.string().max(40).optional().describe('Icon name (check, heart, map-pin, …)'),
        title: z.string().regex(/\S/, 'Title is required').max(80).describe('Title'),
        text: z.string().max(400).describe('Text'),
      }),
    )
    .min(1, 'Add at least one item')
    .max(6, 'At most six items')
    .describe('Items'),
})
export type SectionFeaturesProps = z.output<typeof sectionFeaturesPropsSchema>

export const sectionFeatures = defineSectionBlock({
  name: 'section-features',
  title: 'Features',
  description: 'A title and up to six benefits in a grid, each with an icon.',
  schema: sectionFeaturesPropsSchema,
  load: () => import('./section-features.tsx'),
})
