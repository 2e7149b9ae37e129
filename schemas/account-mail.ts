import { formatPhone } from './phone.ts'

/**
 * The mail that tells a member their password was changed from the dashboard. Content may reword
 * it (`pages.dashboard.password_changed_mail_subject` and `password_changed_mail`); the server
 * fills the same text the dashboard's settings form shows.
 */
export const PASSWORD_CHANGED_MAIL_SUBJECT = 'Your {company} password was changed'
export const PASSWORD_CHANGED_MAIL =
  'Hello {first_name},\n\n' +
  'The password of your account at {company} was changed just now, from your dashboard. Everywhere else you were signed in, you are now signed out; the browser where you changed it stays signed in.\n\n' +
  'If it was not you, choose a new password at {reset_link} and call us at {phone}.'

export interface PasswordChangedValues {
  firstName: string
  company: string
  resetLink: string
  phone: string
}

/** The mail's text with its values: `{first_name}`, `{company}`, `{reset_link}` and `{phone}`. */
export function fillPasswordChanged(template: string, values: PasswordChangedValues): string {
  const fields: Record<string, string> = {
    first_name: values.firstName,
    company: values.company,
    reset_link: values.resetLink,
    phone: values.phone ? formatPhone(values.phone) : 'customer service',
  }
  return template.replace(/\{(first_name|company|reset_link|phone)\}/g, (_match, name: string) => fields[name] ?? '')
}
