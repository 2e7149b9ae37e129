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
