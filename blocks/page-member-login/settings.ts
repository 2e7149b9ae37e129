import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

/** The texts of the sign-in and password-reset pages, from content (`pages.member-login`). */
export const memberLoginSettingsSchema = z.object({
  heading: text('Member login', 'Sign-in heading'),
  intro: text('Sign in to see your membership, ID cards, receipts and dependents.', 'Text under the heading'),
  submit: text('Sign in', 'Sign-in button'),
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
})
export type MemberLoginSettings = z.output<typeof memberLoginSettingsSchema>
