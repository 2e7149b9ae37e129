import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionNoticePropsSchema = z.object({
  title: z.string().regex(/\S/, 'Title is required').max(160).describe('Title'),
  body: z.string().regex(/\S/, 'Text is required').max(8000).meta({ contentMediaType: 'text/html', description: 'Text (rich text)' }),
  tone: z.enum(['important', 'info']).default('important').describe('Important (a disclosure) or information'),
})
export type SectionNoticeProps = z.output<typeof sectionNoticePropsSchema>

export const sectionNotice = defineSectionBlock({
  name: 'section-notice',
  title: 'Notice',
  description: 'A framed disclosure or notice: “not insurance”, state notices, important terms.',
  schema: sectionNoticePropsSchema,
  load: () => import('./section-notice.tsx'),
})
