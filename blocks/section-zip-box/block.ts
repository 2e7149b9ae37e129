import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionZipBoxPropsSchema = z.object({
  heading: z.string().regex(/\S/, 'Heading is required').max(120).describe('Heading'),
  label: z.string().regex(/\S/, 'Label is required').max(60).default('ZIP code').describe('Label of the ZIP code field'),
  button_text: z.string().regex(/\S/, 'Button text is required').max(40).default('Find a dentist').describe('Button text'),
  helper: z.string().max(300).optional().describe('Text under the heading'),
})
export type SectionZipBoxProps = z.output<typeof sectionZipBoxPropsSchema>

export const sectionZipBox = defineSectionBlock({
  name: 'section-zip-box',
  title: 'ZIP code search',
  description: 'A ZIP code and a distance that open the dentist search: a plain form that works before the page’s scripts load.',
  schema: sectionZipBoxPropsSchema,
  load: () => import('./section-zip-box.tsx'),
})
