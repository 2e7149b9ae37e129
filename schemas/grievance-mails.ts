import { z } from './engine/zod.ts'
import { mailText } from './fields.ts'
import { fillText } from './fill-text.ts'

/**
 * The mails member services send a grievance's filer, worded in content: the grievance status
 * page's settings (`pages.grievance-status`, where the member reads the responses) hold them,
 * today's wording the default. server/features/grievances/staff-grievances.ts fills them: {reference},
 * {filed}, {resolve_by}, {date} (the day of the decision), {company}, {status_link} (the status
 * page), and in a mail's text the written response itself, {acknowledgement} or {resolution}.
 */
export const grievanceMailsSchema = z.object({
  grievance_acknowledgement: mailText(
    'We acknowledge your grievance {reference}, received on {filed}. We are looking into it and will send our written decision by {resolve_by}.',
    'The written acknowledgement of a grievance, mailed and shown with it ({reference}, {filed}, {resolve_by})',
  ),
  mail_grievance_acknowledged_subject: mailText(
    'Grievance {reference} acknowledged',
    'Mail acknowledging a grievance: subject ({reference})',
  ),
  mail_grievance_acknowledged_body: mailText(
    'Hello,\n\n{acknowledgement}\n\nSee its status and our responses at {status_link} with the reference and this email address.',
    'Mail acknowledging a grievance: text ({acknowledgement}, {reference}, {filed}, {resolve_by}, {status_link})',
  ),
  mail_grievance_resolved_subject: mailText(
    'Grievance {reference}: our decision',
    'Mail with the decision on a grievance: subject ({reference})',
  ),
  mail_grievance_resolved_body: mailText(
    'Hello,\n\nOn {date} we resolved your grievance {reference}, received on {filed}:\n\n{resolution}\n\nSee its status and our responses at {status_link} with the reference and this email address.',
    'Mail with the decision on a grievance: text ({resolution}, {date}, {reference}, {filed}, {status_link})',
  ),
})
export type GrievanceMails = z.output<typeof grievanceMailsSchema>

/** The values a grievance mail's placeholders take. */
export interface GrievanceMailValues {
  reference: string
  filed: string
  resolve_by: string
  date: string
  company: string
  status_link: string
  acknowledgement?: string
  resolution?: string
}

export const fillGrievanceMail = (template: string, values: GrievanceMailValues) => fillText(template, { ...values })

/** The names of a grievance's categories (the form's choices, the review, the receipt mail), in content. */
export const grievanceCategoryWords = z.object({
  category_quality_of_care: mailText('Quality of care', 'A grievance about the quality of care'),
  category_billing: mailText('A bill or a fee', 'A grievance about a bill or a fee'),
  category_access_to_care: mailText('Getting an appointment or care', 'A grievance about access to care'),
  category_customer_service: mailText('Our service', 'A grievance about the plan’s service'),
  category_other: mailText('Something else', 'A grievance about something else'),
})
export type GrievanceCategoryWords = z.output<typeof grievanceCategoryWords>

/** A category's name (`billing`, `quality-of-care`) in the content's words. */
export const categoryName = (words: GrievanceCategoryWords, category: string): string => {
  const key = `category_${category.replaceAll('-', '_')}`
  return Object.hasOwn(words, key) ? words[key as keyof GrievanceCategoryWords] : category
}

/**
 * What a filer reads once a grievance is filed: the page's sentence and the receipt mail, worded in
 * content (`pages.grievance-form`, beside the form's texts: its category names and the DMHC statement
 * are the mail's too), in the language of the page it was filed on. server/features/grievances
 * fills them.
 */
export const grievanceReceiptSchema = z.object({
  done_message: mailText(
    'Your grievance is filed with reference {reference}. We sent a confirmation to {email}.',
    'Said once a grievance is filed, by the page and the API ({reference}, {email})',
  ),
  mail_received_subject: mailText('Grievance {reference} received', 'Receipt mail: subject ({reference})'),
  mail_received_greeting: mailText('Hello {name},', 'Receipt mail to the member’s own address: greeting ({name})'),
  mail_received_greeting_other: mailText('Hello,', 'Receipt mail to another address: greeting'),
  mail_received_intro: mailText(
    'We received your grievance on {filed} and gave it the reference {reference}. We will acknowledge it by {acknowledge_by} and resolve it by {resolve_by} (within {resolve_days} days).',
    'Receipt mail to the member’s own address: when and what follows ({filed}, {reference}, {acknowledge_by}, {resolve_by}, {resolve_days})',
  ),
  mail_received_intro_other: mailText(
    'We received a grievance filed with this email address on {filed} and gave it the reference {reference}. We will acknowledge it by {acknowledge_by} and resolve it by {resolve_by} (within {resolve_days} days).',
    'Receipt mail to another address: when and what follows ({filed}, {reference}, {acknowledge_by}, {resolve_by}, {resolve_days})',
  ),
  mail_received_status: mailText(
    'See its status and our responses at any time at {status_link}, with the reference and this email address.',
    'Receipt mail: where to follow it ({status_link})',
  ),
  mail_received_urgent: mailText(
    'You told us this is urgent: a serious threat to your health. You do not have to wait for our decision: you may call the California Department of Managed Health Care now at {dmhc_phone} (TDD {dmhc_tdd}).',
    'Receipt mail of an urgent grievance ({dmhc_phone}, {dmhc_tdd})',
  ),
  mail_received_copy: mailText('What you told us:', 'Receipt mail to the member’s own address: before the copy'),
  mail_field_member: mailText('Member', 'Receipt mail: the member’s name'),
  mail_field_email: mailText('Email', 'Receipt mail: the email'),
  mail_field_phone: mailText('Phone', 'Receipt mail: the phone'),
  mail_field_member_number: mailText('Member number', 'Receipt mail: the member number'),
  mail_field_patient: mailText('Patient', 'Receipt mail: the patient'),
  mail_field_office: mailText('Office', 'Receipt mail: the office'),
  mail_field_date: mailText('Date of service', 'Receipt mail: the date of service'),
  mail_field_category: mailText('Category', 'Receipt mail: what it is about'),
  mail_field_urgent: mailText('Urgent', 'Receipt mail: whether it is urgent'),
  mail_yes: mailText('yes', 'Receipt mail: urgent'),
  mail_no: mailText('no', 'Receipt mail: not urgent'),
  mail_field_filed_by: mailText('Filed by', 'Receipt mail: the representative'),
  mail_filed_by: mailText(
    '{name} ({relationship}), authorized in writing by the member',
    'Receipt mail: a representative ({name}, {relationship})',
  ),
  mail_filed_by_phone: mailText(
    '{name} ({relationship}), phone {phone}, authorized in writing by the member',
    'Receipt mail: a representative with their phone ({name}, {relationship}, {phone})',
  ),
  mail_attached: mailText('Attached files:', 'Receipt mail: before the list of attached files'),
  mail_attached_none: mailText('Attached files: none', 'Receipt mail: no file attached'),
  mail_what_happened: mailText('What happened:', 'Receipt mail: before what happened'),
  mail_resolution_wanted: mailText('How you would like it resolved:', 'Receipt mail: before the resolution wanted'),
  mail_not_repeated: mailText(
    'What was filed is kept with the grievance (category: {category}; {files}). This mail does not repeat it. For a copy, call us at {phone} and give the reference.',
    'Receipt mail to another address, in place of the copy ({category}, {files}, {phone})',
  ),
  mail_one_file: mailText('{count} attached file', 'Receipt mail: one file attached, in {files} ({count})'),
  mail_many_files: mailText('{count} attached files', 'Receipt mail: files attached, in {files} ({count})'),
})
export type GrievanceReceiptWords = z.output<typeof grievanceReceiptSchema>
