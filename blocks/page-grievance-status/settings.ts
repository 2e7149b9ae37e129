import { z } from '#schemas/engine/zod.ts'
import { grievanceMailsSchema } from '#schemas/grievance-mails.ts'
import { captchaNoticeSettings, settingText as text } from '../kit/settings.ts'

/** The grievance status page's texts, from content (`pages.grievance-status`). */
export const grievanceStatusSettingsSchema = z.object({
  heading: text('Grievance status', 'Page heading (signed out)'),
  intro: text(
    'Look up a grievance you filed: its status, the dates we must answer by, and our responses. You need the reference from the acknowledgement and the email address you filed it with.',
    'Text under the heading (signed out)',
  ),
  member_heading: text('Your grievances', 'Page heading (a signed-in member)'),
  member_intro: text(
    'Every grievance you filed, and every grievance filed with your member number or a dependent’s, newest first. By law we acknowledge a grievance within 5 calendar days and resolve it within 30 (3 when urgent).',
    'Text under the heading (a signed-in member)',
  ),
  grievances_title: text('your grievances', 'The member’s grievances, in “We could not load …”'),
  grievances_label: text('Your grievances, newest first', 'Name of the list of the member’s grievances'),
  no_grievances: text('You have not filed a grievance.', 'Said when the member has no grievance'),
  grievance_title: text('Grievance {reference}', 'Heading of one grievance ({reference})'),
  filed_label: text('Filed', 'Label of the date filed'),
  category_label: text('About', 'Label of the category'),
  status_label: text('Status', 'Label of the status'),
  acknowledgement_label: text('Acknowledgement', 'Label of the acknowledgement date'),
  resolution_label: text('Resolution', 'Label of the resolution date'),
  acknowledged_on: text('Sent on {date}', 'The acknowledgement, once sent ({date})'),
  resolved_on: text('Decided on {date}', 'The resolution, once decided ({date})'),
  due_by: text('Due by {date}', 'A step still due ({date})'),
  urgent_mark: text('Urgent', 'Said beside the status of an urgent grievance'),
  status_received: text('Received', 'Status: received'),
  status_acknowledged: text('Acknowledged', 'Status: acknowledged'),
  status_resolved: text('Resolved', 'Status: resolved'),
  status_closed: text('Closed', 'Status: closed'),
  category_quality_of_care: text('Quality of care', 'Category: quality of care'),
  category_billing: text('A bill or a fee', 'Category: billing'),
  category_access_to_care: text('Getting an appointment or care', 'Category: access to care'),
  category_customer_service: text('Our service', 'Category: customer service'),
  category_other: text('Something else', 'Category: other'),
  responses_heading: text('Our responses', 'Heading of the plan’s responses to a grievance'),
  no_responses: text('No written response yet.', 'Said when the plan has not responded yet'),
  response_acknowledgement: text('Acknowledgement, {date}', 'A response acknowledging the grievance ({date})'),
  response_update: text('Update, {date}', 'A response in between ({date})'),
  response_resolution: text('Decision, {date}', 'The response deciding the grievance ({date})'),
  lookup_heading: text('Look up a grievance', 'Heading of the lookup form'),
  lookup_help: text(
    'Enter the reference from your acknowledgement (such as GRV-2026-1A2B3C4D) and the email address the grievance was filed with.',
    'Text above the lookup form',
  ),
  reference_label: text('Reference', 'Label of the reference'),
  lookup_button: text('Look up', 'Button of the lookup form'),
  looking_up: text('Looking up…', 'Button of the lookup form while it works'),
  not_found: text(
    'No grievance with that reference and email. Check both, as in your acknowledgement.',
    'Said when no grievance has that reference and email',
  ),
  file_link: text('File a grievance', 'Link to the grievance form'),
  ...captchaNoticeSettings,
})
export type GrievanceStatusSettings = z.output<typeof grievanceStatusSettingsSchema>

/**
 * What content holds for the status page (`pages.grievance-status`): the page's texts, and the
 * words of member services' mails to a grievance's filer (schemas/grievance-mails.ts), which the
 * server reads and the page does not (its props leave them out).
 */
export const grievanceStatusContentSchema = z.extend(grievanceStatusSettingsSchema, grievanceMailsSchema.shape)
