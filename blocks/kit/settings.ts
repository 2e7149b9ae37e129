import { z } from '#schemas/engine/zod.ts'

/**
 * A text of a page in content: required once set (not blank), with the default a new site
 * shows; its description is its label in the playground.
 */
export const settingText = (value: string, description: string) =>
  z
    ._default(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(600)), value)
    .check(z.describe(description))

/** The password rules' texts (kit/forms/password-rules.tsx), part of the settings of each page that shows them. */
export const passwordRulesSettings = {
  password_rules_label: settingText('Password rules', 'Name of the list of password rules (screen readers)'),
  password_rule_done: settingText('(done)', 'Read out after a password rule that is met (screen readers)'),
  password_rule_not_yet: settingText('(not yet)', 'Read out after a password rule not yet met (screen readers)'),
}
export type PasswordRulesTexts = z.output<z.ZodMiniObject<typeof passwordRulesSettings>>

/** The “not insurance” disclosure's texts (kit/catalog/disclosure.tsx), part of the settings of each page or section showing it. */
export const disclosureSettings = {
  disclosure_label: settingText('Not insurance', 'Name of the “not insurance” disclosure (screen readers)'),
  disclosure_administrator: settingText(
    'Plans administered by {administrator}',
    'Who administers the plans, after the disclosure ({administrator}: the company’s name)',
  ),
}
export type DisclosureTexts = z.output<z.ZodMiniObject<typeof disclosureSettings>>

/** The dentist search form's texts (kit/catalog/dentist-search-form.tsx), part of the settings of each page showing it. */
export const dentistSearchSettings = {
  search_zip_label: settingText('ZIP code', 'Search form: label of the ZIP code field'),
  search_zip_hint: settingText('Five digits, such as 90210', 'Search form: help under the ZIP code field'),
  search_distance_label: settingText('Distance', 'Search form: label of the distance choice'),
  search_radius_option: settingText('Within {miles} miles', 'Search form: each distance choice ({miles})'),
  search_name_label: settingText('Dentist or office name', 'Search form: label of the name field'),
  search_specialty_label: settingText('Specialty', 'Search form: label of the specialty choice'),
  search_any_specialty: settingText('Any specialty', 'Search form: the specialty choice that keeps every office'),
  search_language_label: settingText('Language spoken', 'Search form: label of the language field'),
  search_language_hint: settingText('Such as Spanish', 'Search form: help under the language field'),
  search_accepting: settingText('Accepting new patients only', 'Search form: the new patients checkbox'),
}
export type DentistSearchTexts = z.output<z.ZodMiniObject<typeof dentistSearchSettings>>
