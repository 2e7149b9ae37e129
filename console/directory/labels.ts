import type { DirectoryReportStatus, staffDirectoryReportRowSchema } from '#schemas/api/directory.ts'
import type { z } from '#schemas/engine/zod.ts'
import { day } from '../frame/page.tsx'

type Row = z.output<typeof staffDirectoryReportRowSchema>

/** A directory report's words, in its list and on its record. */
export const REPORT_STATUS_LABELS: Record<DirectoryReportStatus, string> = {
  open: 'Open',
  verified: 'Verified',
  'not-confirmed': 'Not confirmed',
}
export const REPORT_FIELD_LABELS: Record<Row['field'], string> = {
  name: 'Name',
  'address-or-phone': 'Address or phone',
  specialty: 'Specialty',
  'accepting-new-patients': 'Accepting new patients',
  languages: 'Languages',
  accessibility: 'Accessibility',
  'licence-or-npi': 'Licence or NPI',
  other: 'Other',
}

const businessDays = (count: number) => `${count} business ${count === 1 ? 'day' : 'days'}`

/** The §1367.27(e) clock in words: closed, overdue, due today, or the business days left. */
export function dueText(due: Row['due']): string {
  if (due.doneAt) return `Closed ${day(due.doneAt)}`
  if (due.overdue) return due.daysLeft < 0 ? `Overdue by ${businessDays(-due.daysLeft)}` : 'Overdue'
  if (due.daysLeft === 0) return 'Due today'
  return `${businessDays(due.daysLeft)} left`
}
