import { z } from '#schemas/engine/zod.ts'
import { dentistSearchSettings, settingText as text } from '../kit/settings.ts'

/** The provider directory's texts, from content (`pages.directory`). */
export const directorySettingsSchema = z.object({
  heading: text('Provider directory', 'Page heading'),
  intro: text(
    'Every dentist and office participating in the plan, with the details California’s provider directory rules ask for. Call the office before your visit to confirm they still see plan members.',
    'Text under the heading',
  ),
  search_label: text('Directory search', 'Name of the search form (read by screen readers)'),
  search_button: text('Filter', 'Search button'),
  ...dentistSearchSettings,
  report_help: text(
    'Found something wrong? Use “Report a mistake” next to the provider. We investigate every report and correct the directory within 30 business days.',
    'How to report an inaccuracy',
  ),
  no_results: text('No provider matches these filters.', 'Shown when nothing matches'),
  correct_search: text('Correct the filters above to see the directory.', 'Said when the filters have a mistake'),
  directory_title: text('the directory', 'The directory, in “We could not load …”'),
  one_provider: text('{count} provider', 'One provider found ({count})'),
  many_providers: text('{count} providers', 'Several providers found ({count})'),
  summary_near: text(
    '{count} near {zip} ({city}, {state}), nearest first. Last updated {updated}.',
    'What the list is, near a ZIP code ({count}: the two settings above, {zip}, {city}, {state}, {updated})',
  ),
  summary_all: text(
    '{count}. Last updated {updated}.',
    'What the list is, without a ZIP code ({count}: the two settings above, {updated})',
  ),
  first_only: text(
    'Showing the first {shown}: add a filter to narrow the list.',
    'Said when the list is cut short ({shown})',
  ),
  print_button: text('Print the directory', 'Button printing the directory'),
  download_button: text('Download as CSV', 'Button downloading the directory'),
  caption: text('Participating providers, last updated {updated}', 'Name of the table ({updated})'),
  board_certified: text('Board certified: {certification}', 'A provider’s board certification ({certification})'),
  not_board_certified: text('Not board certified', 'Said of a provider without board certification'),
  distance: text('{distance} miles away', 'An office’s distance in miles ({distance})'),
  report_button: text('Report a mistake', 'Button reporting a mistake in a row'),
  report_label: text('Report a mistake about {provider}', 'Name of the report button and form ({provider})'),
  report_title: text('Report a mistake: {provider}', 'Title of the report dialog ({provider})'),
  report_send: text('Send report', 'Button sending the report'),
  report_received: text('Report {reference} received.', 'Said when the report is received ({reference})'),
  report_about: text('About {provider} at {office}.', 'Who the report is about ({provider}, {office})'),
  report_field_label: text('What is wrong', 'Label of what is wrong'),
  report_details_label: text('What should it say?', 'Label of the correction'),
  report_details_help: text('At least 10 characters', 'Help under the correction'),
  report_name_label: text('Your name (optional)', 'Label of the reporter’s name'),
  report_email_label: text('Your email, for our answer', 'Label of the reporter’s email'),
})
export type DirectorySettings = z.output<typeof directorySettingsSchema>
