import { z } from '#schemas/engine/zod.ts'
import { sectionSchema } from '#schemas/cms.ts'
import { flag, list, optionalText, richText } from '#schemas/fields.ts'
import { settingText } from '../kit/settings.ts'

/** A content page (home, FAQ, terms, privacy, Arizona): a heading, an introduction, then its sections. */
export const contentPageSettingsSchema = z.object({
  title: optionalText('Heading (default: the page’s title)'),
  hide_title: flag('Heading for screen readers only (when the first section is a hero)'),
  intro: richText('Introduction under the heading (rich text)'),
  updated: optionalText('“Last updated” date shown under the heading (for policies)'),
  sections: list(sectionSchema, 'Sections, top to bottom'),
  updated_label: settingText('Last updated {date}', 'The “Last updated” line ({date}: the date above)'),
})
export type ContentPageSettings = z.output<typeof contentPageSettingsSchema>
