import { z } from '#schemas/engine/zod.ts'
import { captchaNoticeSettings, passwordRulesSettings, settingText as text } from '../kit/settings.ts'

/** The account step's texts, from content (`pages.checkout-create-account`). */
export const checkoutAccountSettingsSchema = z.object({
  heading: text('Your details', 'Heading of the step'),
  intro: text('The primary member: the plan’s card, receipts and mail are in this name.', 'Text under the heading'),
  email_label: text('Email', 'Label of the email field'),
  password_label: text('Choose a password', 'Label of the password field'),
  first_name_label: text('First name', 'Label of the first name'),
  last_name_label: text('Last name', 'Label of the last name'),
  phone_label: text('Phone', 'Label of the phone'),
  birth_date_label: text('Date of birth', 'Label of the date of birth'),
  address_legend: text('Home address', 'Heading of the address fields'),
  street_label: text('Street address', 'Label of the street address'),
  city_label: text('City', 'Label of the city'),
  state_label: text('State', 'Label of the state'),
  state_placeholder: text('Choose a state', 'First choice of the state, before one is chosen'),
  zip_label: text('ZIP code', 'Label of the ZIP code'),
  email_check_failed: text(
    'Check the email address',
    'Said at the email field when the address looks wrong and the check gives no reason of its own',
  ),
  password_kept: text('Leave empty to keep the password you chose.', 'Hint when a password was chosen before'),
  existing_account: text(
    'Already have an account with us? Sign in first: a member adds a membership from the dashboard.',
    'Note for visitors who may already have an account (the same for everyone)',
  ),
  sign_in_link: text('Sign in', 'Link to sign in'),
  signed_in: text(
    'You are signed in as {email}. Your membership, family and card are on your dashboard; to buy a membership for someone else, enter their details here.',
    'Notice when a member is already signed in ({email})',
  ),
  privacy_note: text('We use your details for your membership only. See our privacy policy.', 'Note under the form'),
  submit: text('Continue', 'Submit button'),
  privacy_link: text('Privacy policy', 'Link to the privacy policy'),
  ...passwordRulesSettings,
  ...captchaNoticeSettings,
})
export type CheckoutAccountSettings = z.output<typeof checkoutAccountSettingsSchema>
