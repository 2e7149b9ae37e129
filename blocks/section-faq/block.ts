import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionFaqPropsSchema = z.object({
  title: z.string().regex(/\S/, 'Title is required').max(120).default('Questions and answers').describe('Title'),
  items: z
    .array(
      z.object({
        question: z.string().regex(/\S/, 'Question is required').max(200).describe('Question'),
        answer: z.string().max(3000).meta({ contentMediaType: 'text/html', description: 'Answer (rich text)' }),
      }),
    )
    .min(1, 'Add at least one question')
    .describe('Questions'),
})
export type SectionFaqProps = z.output<typeof sectionFaqPropsSchema>

export const sectionFaq = defineSectionBlock({
  name: 'section-faq',
  title: 'Questions and answers',
  description: 'Questions that open to show their answers.',
  schema: sectionFaqPropsSchema,
  load: () => import('./section-faq.tsx'),
})
