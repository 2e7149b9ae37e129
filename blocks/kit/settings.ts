import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'

/**
 * A text of a page in content: required once set (not blank), with the default a new site
 * shows; its description is its label in the playground.
 */
export const settingText = (value: string, description: string) =>
  localized(z._default(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(600)), value)).check(
    z.describe(description),
  )

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

/** How a dependent is related to the member, in words (forms, lists, ID cards): part of the settings of each page saying it. */
export const relationshipSettings = {
  relationship_spouse: settingText('Spouse', 'A dependent who is the member’s spouse'),
  relationship_partner: settingText('Partner', 'A dependent who is the member’s partner'),
  relationship_child: settingText('Child', 'A dependent who is the member’s child'),
  relationship_other: settingText('Other', 'A dependent otherwise related to the member'),
}
export type RelationshipTexts = z.output<z.ZodMiniObject<typeof relationshipSettings>>

/** A dependent's fields' labels (kit/forms/dependent-fields.tsx), part of the settings of each page adding or editing one. */
export const dependentFieldSettings = {
  first_name_label: settingText('First name', 'Label of the first name'),
  last_name_label: settingText('Last name', 'Label of the last name'),
  birth_date_label: settingText('Date of birth', 'Label of the date of birth'),
  relationship_label: settingText('Relationship', 'Label of the relationship'),
  plan_label: settingText('Plan', 'Label of the plan'),
  same_plan_option: settingText('Same as yours: {plan}', 'The plan choice of the primary member’s plan ({plan})'),
  ...relationshipSettings,
}
export type DependentFieldTexts = z.output<z.ZodMiniObject<typeof dependentFieldSettings>>

/** The ID card's texts (kit/checkout/id-card.tsx), part of the settings of each page showing the card. */
export const idCardSettings = {
  ...relationshipSettings,
  id_card_name: settingText('Name', 'ID card: label of the name'),
  id_card_member_number: settingText('Member no.', 'ID card: label of the member number'),
  id_card_plan: settingText('Plan', 'ID card: label of the plan'),
  id_card_group: settingText('Group', 'ID card: label of the group'),
  id_card_office: settingText('Office', 'ID card: label of the office'),
  id_card_any_office: settingText('Any participating office', 'ID card: the office of a member who chose none'),
  id_card_valid: settingText('Valid', 'ID card: label of the dates it is valid'),
  id_card_member: settingText('Member', 'ID card: the relationship of a card holder of an unknown relationship'),
}
export type IdCardTexts = z.output<z.ZodMiniObject<typeof idCardSettings>>

/** The card fields' texts (kit/checkout/card-fields.tsx), part of the settings of each page taking a card. */
export const cardFieldsSettings = {
  card_fields_loading: settingText(
    'Loading the secure card form…',
    'Card fields: said while the secure card form loads',
  ),
  card_fields_failed: settingText(
    'The secure card form of the payment processor could not be loaded. Nothing was charged. Reload the page to try again.',
    'Card fields: said when the secure card form could not be loaded',
  ),
  card_fields_title: settingText(
    'Card details (secure form of the payment processor)',
    'Card fields: name of the secure card form (screen readers)',
  ),
}
export type CardFieldsTexts = z.output<z.ZodMiniObject<typeof cardFieldsSettings>>

/** The fee table's column headers (kit/catalog/fee-table.tsx), part of the settings of each page or section showing it. */
export const feeTableSettings = {
  fee_table_procedure: settingText('Procedure', 'Fee table: header of the procedure column'),
  fee_table_code: settingText('Code', 'Fee table: header of the procedure code column (where it has one)'),
  fee_table_usual: settingText('Usual fee', 'Fee table: header of the usual fee column'),
  fee_table_member: settingText('Member fee', 'Fee table: header of the member fee column'),
  fee_table_saving: settingText('You save', 'Fee table: header of the saving column'),
}
export type FeeTableTexts = z.output<z.ZodMiniObject<typeof feeTableSettings>>

/**
 * The auto-renewal terms and consent's texts (kit/checkout/terms-consent.tsx), part of the settings
 * of each page taking a payment. The consent to the renewal terms is a box of its own on each
 * (California's AB 2863, `renewalConsentSettings`): the Terms of Service's box says only the Terms.
 */
export const termsConsentSettings = {
  terms_heading: settingText('Automatic renewal', 'Heading of the renewal terms'),
  consent_label: settingText('I agree to the Terms of Service.', 'Label of the Terms of Service checkbox'),
  consent_required: settingText(
    'Tick the box to agree to the Terms of Service.',
    'Message when the Terms of Service box is not ticked',
  ),
  terms_link: settingText('Read the Terms of Service', 'Link to the terms'),
  new_tab: settingText('(opens in a new tab)', 'Said after the terms link, which opens a new tab'),
}
export type TermsConsentTexts = z.output<z.ZodMiniObject<typeof termsConsentSettings>>

/**
 * The separate consent to the automatic renewal terms, in the checkout's words
 * (`pages.checkout-payment`): the dashboard's join flow asks it in the same words, read from there.
 */
export const RENEWAL_CONSENT = {
  label:
    'I agree to the automatic renewal terms above, and I authorize these recurring charges to my card until I cancel.',
  required: 'Tick the box to agree to the automatic renewal terms: this consent is apart from the Terms of Service.',
}
export const renewalConsentSettings = {
  renewal_consent_label: settingText(
    RENEWAL_CONSENT.label,
    'Label of the separate consent to the automatic renewal terms (apart from the Terms of Service: California’s AB 2863)',
  ),
  renewal_consent_required: settingText(
    RENEWAL_CONSENT.required,
    'Message when the automatic renewal box is not ticked',
  ),
}

/** reCAPTCHA's notice (kit/forms/captcha-notice.tsx), part of the settings of each page or section whose form has the bot check. */
export const captchaNoticeSettings = {
  captcha_notice: settingText(
    'This site is protected by reCAPTCHA and the Google {privacy} and {terms} apply.',
    'reCAPTCHA notice by the form’s button, shown where the bot check is on ({privacy}, {terms}: the links)',
  ),
  captcha_privacy: settingText('Privacy Policy', 'reCAPTCHA notice: text of the link to Google’s Privacy Policy'),
  captcha_terms: settingText('Terms of Service', 'reCAPTCHA notice: text of the link to Google’s Terms of Service'),
}
export type CaptchaNoticeTexts = z.output<z.ZodMiniObject<typeof captchaNoticeSettings>>
