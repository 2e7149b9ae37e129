import { z } from '#schemas/engine/zod.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { settingText as text } from '../kit/settings.ts'

/** Find-a-dentist's texts, from content (`pages.find-a-dentist`). */
export const findDentistSettingsSchema = z.object({
  heading: text('Find a dentist', 'Page heading'),
  intro: text(
    'Search participating offices near you. Every office on this list accepts the membership and charges members the plan’s fees.',
    'Text under the heading',
  ),
  search_label: text('Dentist search', 'Name of the search form (read by screen readers)'),
  search_button: text('Search', 'Search button'),
  no_results: text(
    'No participating office matches this search. Try a larger distance or fewer filters.',
    'Shown when nothing matches',
  ),
  join_button: text('Join with this office', 'Join button on each office'),
  disclosure: text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'),
})
export type FindDentistSettings = z.output<typeof findDentistSettingsSchema>
