import { z } from '#schemas/engine/zod.ts'
import { LOCALIZED, fixed, localized } from '#schemas/fields.ts'

export const sectionRichTextPropsSchema = z.object({
  title: z.optional(localized(z.string().check(z.maxLength(160)))).check(z.describe('Heading (optional)')),
  body: z
    .string()
    .check(
      z.regex(/\S/, 'Text is required'),
      z.maxLength(40_000),
      z.meta({ contentMediaType: 'text/html', [LOCALIZED]: true, description: 'Text (rich text)' }),
    ),
  anchor: z
    .optional(fixed(z.string().check(z.regex(/^[a-z0-9-]+$/, 'Lower-case letters, digits and -'))))
    .check(z.describe('Anchor, for links to #this-part')),
})
export type SectionRichTextProps = z.output<typeof sectionRichTextPropsSchema>
