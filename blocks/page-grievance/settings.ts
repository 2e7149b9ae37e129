import { z } from '#schemas/engine/zod.ts'
import { DMHC_STATEMENT } from '#schemas/dmhc.ts'
import { grievanceCategoryWords, grievanceReceiptSchema } from '#schemas/grievance-mails.ts'
import { localized } from '#schemas/fields.ts'
import { captchaNoticeSettings, settingText as text } from '../kit/settings.ts'

/** The grievance form's texts, from content (`pages.grievance-form`): the DMHC statement too, in each language the site publishes. */
export const grievanceSettingsSchema = z.object({
  heading: text('File a grievance', 'Page heading'),
  intro: text(
    'Tell us about a problem with your dental plan, a dentist, a bill or our service. You can file for yourself, for a dependent, or as a member’s authorised representative. We never hold a grievance against you.',
    'Text under the heading',
  ),
  urgent_help: text(
    'Urgent means a serious threat to your health, such as severe pain or a risk of losing a tooth. Urgent grievances are decided within 3 days, and you may contact the Department of Managed Health Care at once.',
    'Help beside the urgent checkbox',
  ),
  review_heading: text('Check your grievance', 'Heading of the review step'),
  review_help: text(
    'Nothing is sent yet. Check each answer, edit what needs it, then submit.',
    'Text of the review step',
  ),
  submit_button: text('Submit grievance', 'Submit button'),
  done_heading: text('Your grievance is filed', 'Heading of the acknowledgement'),
  form_step_title: text('Your grievance', 'The form step, in the list of steps and its heading'),
  review_step_title: text('Check and submit', 'The review step, in the list of steps'),
  step_heading: text('Step {number}: {heading}', 'Heading of a step ({number}, {heading})'),
  member_legend: text('The member', 'Heading of the member’s fields'),
  name_label: text('Member name', 'Label of the member’s name'),
  member_number_label: text('Member number (optional)', 'Label of the member number'),
  member_number_help: text('On the member ID card', 'Help under the member number'),
  email_help: text('We send the acknowledgement and a copy here', 'Help under the email'),
  phone_label: text('Phone (optional)', 'Label of the phone'),
  patient_label: text('Patient, if not the member (optional)', 'Label of the patient'),
  patient_help: text('For a dependent: their full name', 'Help under the patient'),
  care_legend: text('The care', 'Heading of the care’s fields'),
  offices_title: text('the offices', 'The offices, in “We could not load …”'),
  office_label: text('Office (optional)', 'Label of the office'),
  no_office_option: text('Not about one office', 'The office choice for none'),
  date_label: text('Date of service (optional)', 'Label of the date of service'),
  category_label: text('What is it about', 'Label of the category'),
  description_label: text('What happened', 'Label of the description'),
  description_help: text(
    'Dates, names and amounts help us look into it (at least 20 characters)',
    'Help under the description',
  ),
  resolution_label: text('How would you like it resolved?', 'Label of the resolution wanted'),
  urgent_label: text('This is urgent', 'Label of the urgent checkbox'),
  representative_legend: text('Filing for someone else', 'Heading of the representative’s fields'),
  representative_label: text('I am the member’s authorised representative', 'Label of the representative checkbox'),
  representative_name_label: text('Your name', 'Label of the representative’s name'),
  representative_relationship_label: text(
    'Your relationship to the member',
    'Label of the representative’s relationship',
  ),
  representative_relationship_help: text('Such as parent, spouse, attorney', 'Help under the relationship'),
  representative_phone_label: text('Your phone (optional)', 'Label of the representative’s phone'),
  representative_authorized_label: text(
    'The member authorised me in writing to file this grievance for them. We may ask for a copy.',
    'Label of the written authorisation checkbox',
  ),
  attachments_legend: text('Attachments (optional)', 'Heading of the attachments'),
  attachments_label: text('Add files', 'Label of the file choice'),
  attachments_help: text(
    'Bills, letters, photos: PDF, JPEG or PNG, up to 3 files of 2 MB each',
    'Help under the file choice',
  ),
  attached_label: text('Attached files', 'Name of the list of chosen files'),
  review_button: text('Review before submitting', 'Button to the review step'),
  not_given: text('Not given', 'An answer left empty, in the review'),
  email_label: text('Email', 'Label of the email'),
  submitting: text('Submitting…', 'The submit button while the grievance is sent'),
  review_name: text('Member name', 'The member’s name, in the review'),
  review_member_number: text('Member number', 'The member number, in the review'),
  review_email: text('Email', 'The email, in the review'),
  review_phone: text('Phone', 'The phone, in the review'),
  review_patient: text('Patient', 'The patient, in the review'),
  review_patient_member: text('The member', 'The patient when it is the member, in the review'),
  review_office: text('Office', 'The office, in the review'),
  review_date: text('Date of service', 'The date of service, in the review'),
  review_category: text('About', 'What it is about, in the review'),
  review_description: text('What happened', 'What happened, in the review'),
  review_resolution: text('Resolution wanted', 'The resolution wanted, in the review'),
  review_urgent: text('Urgent', 'Whether it is urgent, in the review'),
  review_yes: text('Yes', 'Urgent, in the review'),
  review_no: text('No', 'Not urgent, in the review'),
  review_representative: text('Representative', 'The representative, in the review'),
  review_representative_value: text(
    '{name} ({relationship}), authorised in writing',
    'The representative and their relationship, in the review ({name}, {relationship})',
  ),
  review_attachments: text('Attachments', 'The attached files, in the review'),
  reference_line: text('Your reference number is', 'Text before the reference number'),
  time_limits: text(
    'We will acknowledge your grievance in writing within {acknowledge_days} calendar days, by {acknowledge_by}, and send you our decision within {resolve_days} calendar days{urgent}, by {resolve_by}.',
    'Time limits in the acknowledgement ({acknowledge_days}, {acknowledge_by}, {resolve_days}, {urgent}, {resolve_by}; the dates are shown in bold)',
  ),
  urgent_mark: text('(urgent)', 'Said after the decision’s days when the grievance is urgent'),
  print_button: text('Print this page', 'Button printing the acknowledgement'),
  status_help: text(
    'Follow its status and our responses at any time with this reference and your email:',
    'Text before the link to the grievance status page, in the acknowledgement',
  ),
  status_link: text(
    'Check a grievance’s status',
    'Link to the grievance status page (under the heading and in the acknowledgement)',
  ),
  phone_fallback: text(
    'the number on your member ID card',
    'The plan’s phone in the DMHC statement when the site has no phone number',
  ),
  dmhc_heading: text('California Department of Managed Health Care', 'Heading of the DMHC statement'),
  dmhc_statement: localized(
    z
      ._default(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(3_000)), DMHC_STATEMENT)
      .check(
        z.describe(
          'The DMHC statement of H&S §1368.02(b), in bold on the form and at the end of its mails: the statute’s words in English (change them only as the statute does), its translation in each other language. {phone} is the plan’s number; {dmhc_phone}, {dmhc_tdd} and {dmhc_site} the department’s',
        ),
      ),
    { required: true },
  ),
  dmhc_call_plan: text('Call {plan}: {phone}', 'Link to the plan’s phone under the DMHC statement'),
  correct_fields: text('Please correct the fields marked below.', 'Message when the server refuses fields'),
  ...captchaNoticeSettings,
  // The categories' names and what is said once filed: the receipt mail's words too (server/features/grievances).
  ...grievanceCategoryWords.shape,
  ...grievanceReceiptSchema.shape,
})
export type GrievanceSettings = z.output<typeof grievanceSettingsSchema>
