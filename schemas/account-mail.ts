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

/**
 * The mails of a forgotten password, worded in content (`pages.member-login`, beside the reset page's
 * texts), in the account's language (the page's for an address with no account): the link, the
 * answers to a deactivated or unknown address, and the notice once it is changed. The server fills
 * `{first_name}`, `{company}`, `{minutes}`, `{link}` (the single-use link) and `{reset_link}` (the reset page).
 */
export const resetMailsSchema = z.object({
  mail_reset_subject: mailText('Choose a new password for {company}', 'Mail with a reset link: subject ({company})'),
  mail_reset_body: mailText(
    'Hello {first_name},\n\nUse this link within {minutes} minutes to choose a new password:\n{link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.',
    'Mail with a reset link: text ({first_name}, {minutes}, {link})',
  ),
  mail_reset_deactivated_body: mailText(
    'Hello {first_name},\n\nSomeone asked to reset the password of your account at {company}, but the account is deactivated: no password opens it, and no link was made. If you need it again, ask an administrator of your team to reactivate it.\n\nIf it was not you, ignore this message.',
    'Mail to a deactivated account that asked for a link: text ({first_name}, {company})',
  ),
  mail_reset_unknown_body: mailText(
    'Hello,\n\nSomeone asked to reset the password of an account at {company} with this email address, but no account uses it. If it was you, you may have joined with another address: ask again with that one at {reset_link}.\n\nIf it was not you, ignore this message.',
    'Mail to an address no account uses: text ({company}, {reset_link})',
  ),
  mail_reset_done_subject: mailText(
    'Your {company} password was changed',
    'Mail once a password is changed through a link: subject ({company})',
  ),
  mail_reset_done_body: mailText(
    'Hello,\n\nThe password of your account at {company} was changed just now, through a reset link, and every session of the account was signed out.\n\nIf it was not you, choose a new password at {reset_link} and call us.',
    'Mail once a password is changed through a link: text ({company}, {reset_link})',
  ),
})
export type ResetMails = z.output<typeof resetMailsSchema>
