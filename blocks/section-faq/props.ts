import { z } from '#schemas/engine/zod.ts'
import { LOCALIZED, localized } from '#schemas/fields.ts'

export const sectionFaqPropsSchema = z.object({
  title: z
    ._default(
      localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(120))),
      'Questions and answers',
    )
    .check(z.describe('Title')),
  items: z
    .array(
      z.object({
        question: localized(
          z.string().check(z.regex(/\S/, 'Question is required'), z.maxLength(200), z.describe('Question')),
        ),
        answer: z
          .string()
          .check(
            z.maxLength(3000),
            z.meta({ contentMediaType: 'text/html', [LOCALIZED]: true, description: 'Answer (rich text)' }),
          ),
      }),
    )
    .check(z.minLength(1, 'Add at least one question'), z.describe('Questions')),
})
export type SectionFaqProps = z.output<typeof sectionFaqPropsSchema>
