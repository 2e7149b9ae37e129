import { z } from '#schemas/engine/zod.ts'
import { LOCALIZED, localized } from '#schemas/fields.ts'

export const sectionNoticePropsSchema = z.object({
  title: localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(160), z.describe('Title'))),
  body: z
    .string()
    .check(
      z.regex(/\S/, 'Text is required'),
      z.maxLength(8000),
      z.meta({ contentMediaType: 'text/html', [LOCALIZED]: true, description: 'Text (rich text)' }),
    ),
  tone: z
    ._default(z.enum(['important', 'info']), 'important')
    .check(z.describe('Important (a disclosure) or information')),
})
export type SectionNoticeProps = z.output<typeof sectionNoticePropsSchema>
