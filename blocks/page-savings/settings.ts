import { z } from '#schemas/engine/zod.ts'
import { NOT_INSURANCE_TEXT } from '../kit/catalog/disclosure.tsx'
import { settingText as text } from '../kit/settings.ts'

/** The savings summary's texts, from content (`pages.savings-summary`). */
export const savingsSettingsSchema = z.object({
  heading: text('What members save', 'Page heading'),
  intro: text(
    'Every participating dentist charges members the fees below. Compare them with the usual fees, then work out what your household would save in a year.',
    'Text under the heading',
  ),
  calculator_heading: text('Your yearly savings', 'Calculator heading'),
  calculator_help: text(
    'Choose a plan, the number of people, and how many of each procedure your household expects in a year. The membership price is taken off the savings.',
    'Calculator help',
  ),
  disclosure: text(NOT_INSURANCE_TEXT, 'Disclosure beside the prices'),
})
export type SavingsSettings = z.output<typeof savingsSettingsSchema>
