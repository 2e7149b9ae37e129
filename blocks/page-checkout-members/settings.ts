import { z } from '#schemas/engine/zod.ts'
import { dependentFieldSettings, settingText as text } from '../kit/settings.ts'

/** The family step's texts, from content (`pages.checkout-add-member`, also for editing a member). */
export const checkoutMembersSettingsSchema = z.object({
  heading: text('Family members', 'Heading of the step'),
  intro: text(
    'Add the people your membership covers. Each can be on your plan or on another plan of the office. You can also skip this and add them later from your dashboard.',
    'Text under the heading',
  ),
  add_heading: text('Add a family member', 'Heading of the form adding a member'),
  add_button: text('Add to membership', 'Button adding the member'),
  edit_heading: text('Edit {name}', 'Heading of the edit page ({name})'),
  save_button: text('Save changes', 'Button saving the member'),
  remove_title: text('Remove {name}?', 'Title of the remove confirmation ({name})'),
  remove_message: text(
    '{name} will not be covered by this membership. You can add them again before paying.',
    'Text of the remove confirmation ({name})',
  ),
  limit_reached: text(
    'The {plan} plan covers up to {count} family members. Choose another plan to add more.',
    'Message when the plan’s limit is reached ({plan}, {count})',
  ),
  ...dependentFieldSettings,
  continue_button: text('Continue to payment', 'Button to the payment step'),
  people_label: text('People on this membership', 'Name of the list of people (screen readers)'),
  primary_member: text('Primary member · {plan}', 'What is said of the primary member ({plan})'),
  you: text('You', 'The primary member before their details are given'),
  member_line: text(
    '{relationship}, born {birth_date} · {plan}',
    'What is said of a family member ({relationship}, {birth_date}, {plan})',
  ),
  price_month: text('{price} a month', 'A monthly price ({price})'),
  price_year: text('{price} a year', 'An annual price ({price})'),
  plan_option: text(
    '{plan} ({price})',
    'A plan to choose, with its price ({plan}, {price}: price_month or price_year)',
  ),
  edit_button: text('Edit', 'Button editing a family member (their name is read after it)'),
  remove_button: text('Remove', 'Button removing a family member, and the one confirming it'),
  keep_button: text('Keep', 'Button keeping a family member, in the confirmation'),
  added: text('{name} is on your membership.', 'Said once a family member is added ({name})'),
})
export type CheckoutMembersSettings = z.output<typeof checkoutMembersSettingsSchema>
