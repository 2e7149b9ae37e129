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
