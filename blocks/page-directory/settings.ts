import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

/** The provider directory's texts, from content (`pages.directory`). */
export const directorySettingsSchema = z.object({
  heading: text('Provider directory', 'Page heading'),
  intro: text(
    'Every dentist and office participating in the plan, with the details California’s provider directory rules ask for. Call the office before your visit to confirm they still see plan members.',
    'Text under the heading',
  ),
  search_label: text('Directory search', 'Name of the search form (read by screen readers)'),
  search_button: text('Filter', 'Search button'),
  report_help: text(
    'Found something wrong? Use “Report a mistake” next to the provider. We investigate every report and correct the directory within 30 business days.',
    'How to report an inaccuracy',
  ),
  no_results: text('No provider matches these filters.', 'Shown when nothing matches'),
})
export type DirectorySettings = z.output<typeof directorySettingsSchema>
