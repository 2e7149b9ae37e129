import { z } from '#schemas/engine/zod.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { settingText as text } from '../kit/settings.ts'

/** The office page's texts, from content (`pages.office`); the office's own details come from the API. */
export const officeSettingsSchema = z.object({
  intro: text(
    'A participating office: members pay the plan’s fees for every listed procedure here.',
    'Text under the office’s name',
  ),
  plans_heading: text('Plans at this office', 'Heading of the plans'),
  join_button: text('Join', 'Join button on each plan'),
  dentists_heading: text('Dentists', 'Heading of the dentists'),
  back_link: text('Back to find a dentist', 'Link back to the search'),
  disclosure: text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'),
})
export type OfficeSettings = z.output<typeof officeSettingsSchema>
