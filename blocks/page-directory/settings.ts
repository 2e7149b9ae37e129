import { z } from '#schemas/engine/zod.ts'
import { captchaNoticeSettings, dentistSearchSettings, settingText as text } from '../kit/settings.ts'

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
  column_provider: text('Provider', 'Header of the table’s provider column'),
  column_type: text('Type and specialty', 'Header of the table’s type and specialty column'),
  column_credentials: text(
    'Credentials',
    'Header of the table’s credentials column (NPI, licence, board certification)',
  ),
  column_languages: text('Languages', 'Header of the table’s languages column'),
  column_office: text('Office', 'Header of the table’s office column'),
  column_accessibility: text('Accessibility', 'Header of the table’s accessibility column'),
  column_new_patients: text('New patients', 'Header of the table’s column saying whether new patients are accepted'),
  column_report: text('Report', 'Header of the table’s report column (screen readers)'),
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
  report_field_name: text('The name', 'What is wrong: the choice “name”'),
  report_field_address: text('The address or phone number', 'What is wrong: the choice “address or phone”'),
  report_field_specialty: text('The type or specialty', 'What is wrong: the choice “type or specialty”'),
  report_field_accepting: text(
    'Whether new patients are accepted',
    'What is wrong: the choice “accepting new patients”',
  ),
  report_field_languages: text('The languages spoken', 'What is wrong: the choice “languages”'),
  report_field_accessibility: text('The office’s accessibility', 'What is wrong: the choice “accessibility”'),
  report_field_licence: text(
    'The licence number, NPI or board certification',
    'What is wrong: the choice “licence, NPI or board certification”',
  ),
  report_field_other: text('Something else', 'What is wrong: the choice “something else”'),
  report_details_label: text('What should it say?', 'Label of the correction'),
  report_details_help: text('At least 10 characters', 'Help under the correction'),
  report_name_label: text('Your name (optional)', 'Label of the reporter’s name'),
  report_email_label: text('Your email, for our answer', 'Label of the reporter’s email'),
  ...captchaNoticeSettings,
})
export type DirectorySettings = z.output<typeof directorySettingsSchema>
