import { z } from './engine/zod.ts'
import { mailText } from './fields.ts'
import { fillText } from './fill-text.ts'
import { formatPhone } from './phone.ts'

/**
 * The mail that tells a member their password was changed from the dashboard. Content may reword
 * it (`pages.dashboard.mail_password_changed_subject` and `mail_password_changed_body`, beside the
 * membership's mails: schemas/membership-mails.ts); the server fills it, the page never reads it.
 */
export const PASSWORD_CHANGED_MAIL_SUBJECT = 'Your {company} password was changed'
export const PASSWORD_CHANGED_MAIL =
  'Hello {first_name},\n\n' +
  'The password of your account at {company} was changed just now, from your dashboard. Everywhere else you were signed in, you are now signed out; the browser where you changed it stays signed in.\n\n' +
  'If it was not you, choose a new password at {reset_link} and call us at {phone}.'

export const passwordChangedMailSchema = z.object({
  mail_password_changed_subject: mailText(
    PASSWORD_CHANGED_MAIL_SUBJECT,
    'Mail after a change of password: subject ({company})',
  ),
  mail_password_changed_body: mailText(
    PASSWORD_CHANGED_MAIL,
    'Mail after a change of password: text ({first_name}, {company}, {reset_link}, {phone})',
  ),
})

export interface PasswordChangedValues {
  firstName: string
  company: string
  resetLink: string
  phone: string
}

/** The mail's text with its values: `{first_name}`, `{company}`, `{reset_link}` and `{phone}`. */
export function fillPasswordChanged(template: string, values: PasswordChangedValues): string {
  return fillText(template, {
    first_name: values.firstName,
    company: values.company,
    reset_link: values.resetLink,
    phone: values.phone ? formatPhone(values.phone) : 'customer service',
  })
}
