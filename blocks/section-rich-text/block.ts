import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionRichTextPropsSchema = z.object({
  title: z.string().max(160).optional().describe('Heading (optional)'),
  body: z.string().regex(/\S/, 'Text is required').max(40_000).meta({ contentMediaType: 'text/html', description: 'Text (rich text)' }),
  anchor: z.string().regex(/^[a-z0-9-]+$/, 'Lower-case letters, digits and -').optional().describe('Anchor, for links to #this-part'),
})
export type SectionRichTextProps = z.output<typeof sectionRichTextPropsSchema>

export const sectionRichText = defineSectionBlock({
  name: 'section-rich-text',
  title: 'Text',
  description: 'A heading and formatted text: paragraphs, lists, links (sanitised).',
  schema: sectionRichTextPropsSchema,
  load: () => import('./section-rich-text.tsx'),
})
