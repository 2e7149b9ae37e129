import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { dentistSearchSettings, disclosureSettings, settingText as text } from '../kit/settings.ts'

/** Find-a-dentist's texts, from content (`pages.find-a-dentist`). */
export const findDentistSettingsSchema = z.object({
  heading: text('Find a dentist', 'Page heading'),
  intro: text(
    'Search participating offices near you. Every office on this list accepts the membership and charges members the plan’s fees.',
    'Text under the heading',
  ),
  search_label: text('Dentist search', 'Name of the search form (read by screen readers)'),
  search_button: text('Search', 'Search button'),
  ...dentistSearchSettings,
  no_results: text(
    'No participating office matches this search. Try a larger distance or fewer filters.',
    'Shown when nothing matches',
  ),
  join_button: text('Join with this office', 'Join button on each office'),
  disclosure: localized(text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'), { required: true }),
  ...disclosureSettings,
  unknown_zip: text(
    '{problem}. Check the ZIP code, or search by name instead.',
    'Said when the ZIP code is unknown ({problem}: the server’s words)',
  ),
  offices_title: text('the offices', 'The offices, in “We could not load …”'),
  correct_search: text('Correct the search above to see offices.', 'Said when the search has a mistake'),
  results_heading: text('Results', 'Heading of the results'),
  summary_near: text(
    '{count} within {radius} miles of {zip} ({city}, {state}), nearest first.',
    'What the results are, near a ZIP code ({count}: the next two settings, {radius}, {zip}, {city}, {state})',
  ),
  summary_all: text(
    '{count}, by state and city. Enter a ZIP code to see the nearest first.',
    'What the results are, without a ZIP code ({count}: the next two settings)',
  ),
  one_office: text('{count} office', 'One office found ({count})'),
  many_offices: text('{count} offices', 'Several offices found ({count})'),
  pages_label: text('Result pages', 'Name of the page links (screen readers)'),
  previous_page: text('Previous page', 'Link to the previous page'),
  page_of: text('Page {page} of {pages}', 'Where the visitor is among the pages ({page}, {pages})'),
  next_page: text('Next page', 'Link to the next page'),
  distance: text('{distance} away', 'An office’s distance ({distance})'),
  accepting: text('Accepting new patients', 'Said when an office takes new patients'),
  not_accepting: text('Not accepting new patients', 'Said when an office takes no new patients'),
  dentists_label: text('Dentists at {office}', 'Name of an office’s list of dentists ({office})'),
  dentist_languages: text('speaks {languages}', 'A dentist’s languages ({languages})'),
  dentist_not_accepting: text('not taking new patients', 'Said of a dentist who takes no new patients'),
  plans_from: text('Plans from {price} a month', 'An office’s lowest price ({price}, in bold)'),
})
export type FindDentistSettings = z.output<typeof findDentistSettingsSchema>
