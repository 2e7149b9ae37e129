import { z } from '#schemas/engine/zod.ts'
import { resetMailsSchema } from '#schemas/account-mail.ts'
import { captchaNoticeSettings, passwordRulesSettings, settingText as text } from '../kit/settings.ts'

/** The texts of the sign-in and password-reset pages, from content (`pages.member-login`). */
export const memberLoginSettingsSchema = z.object({
  heading: text('Member login', 'Sign-in heading'),
  intro: text('Sign in to see your membership, ID cards, receipts and dependents.', 'Text under the heading'),
  submit: text('Sign in', 'Sign-in button'),
  email_label: text('Email', 'Label of the email address'),
  password_label: text('Password', 'Label of the password'),
  forgot: text('Forgot your password?', 'Link to reset the password'),
  office_login: text('Dental office? Sign in to the office portal', 'Link to the office login'),
  join_prompt: text('Not a member yet?', 'Text before the join link'),
  join_link: text('See plans and join', 'Join link text'),
  reset_heading: text('Reset your password', 'Reset heading (asking for the email)'),
  reset_intro: text(
    'Enter the email address of your account. We will send you a link to choose a new password.',
    'Reset text',
  ),
  reset_submit: text('Send the link', 'Reset button'),
  new_password_heading: text('Choose a new password', 'Heading when the mailed link is opened'),
  new_password_submit: text('Save the new password', 'New password button'),
  back_to_sign_in: text('Back to sign in', 'Link back to the sign-in form'),
  show_password: text('Show password', 'Checkbox showing the password'),
  signing_in: text('Signing in…', 'Sign-in button while signing in'),
  other_ways_label: text('Other ways in', 'Name of the links under the form (screen readers)'),
  new_tab: text('(opens in a new tab)', 'Read out after a link that opens a new tab (screen readers)'),
  link_sent: text('Check your email for the link.', 'Said when the reset link is sent'),
  password_changed: text('Your password is changed.', 'Said when the new password is saved'),
  new_link: text('Send me a new link', 'Link asking for a new reset link when this one does not work'),
  new_password_label: text('New password', 'Label of the new password'),
  confirm_password_label: text('New password again', 'Label of the new password, again'),
  show_passwords: text('Show passwords', 'Checkbox showing the new passwords'),
  signed_in_heading: text('You are signed in', 'Heading when a reset link is opened while signed in'),
  signed_in_intro: text(
    'To choose a new password with this link, sign out first. Or go back to your dashboard, where you can change your password with the current one.',
    'Text when a reset link is opened while signed in',
  ),
  sign_out_and_reset: text('Sign out and set a new password', 'Button signing out to use the reset link'),
  back_to_dashboard: text('Back to the dashboard', 'Link back to the dashboard'),
  ...passwordRulesSettings,
  ...captchaNoticeSettings,
  // The mails of a forgotten password (the server writes them in the account's language).
  ...resetMailsSchema.shape,
})
export type MemberLoginSettings = z.output<typeof memberLoginSettingsSchema>
