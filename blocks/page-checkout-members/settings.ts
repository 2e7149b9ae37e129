import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

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
  first_name_label: text('First name', 'Label of the first name'),
  last_name_label: text('Last name', 'Label of the last name'),
  birth_date_label: text('Date of birth', 'Label of the date of birth'),
  relationship_label: text('Relationship', 'Label of the relationship'),
  plan_label: text('Plan', 'Label of the plan'),
  same_plan_option: text('Same as yours: {plan}', 'The plan choice of the primary member’s plan ({plan})'),
  continue_button: text('Continue to payment', 'Button to the payment step'),
  people_label: text('People on this membership', 'Name of the list of people (screen readers)'),
  primary_member: text('Primary member · {plan}', 'What is said of the primary member ({plan})'),
})
export type CheckoutMembersSettings = z.output<typeof checkoutMembersSettingsSchema>
