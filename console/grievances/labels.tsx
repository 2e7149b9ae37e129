import type { staffGrievanceRowSchema } from '#schemas/api/grievances.ts'
import type { z } from '#schemas/engine/zod.ts'
import type { GrievanceStatus } from '#schemas/grievance-deadlines.ts'
import { day } from '../frame/page.tsx'

type Row = z.output<typeof staffGrievanceRowSchema>
export type Clock = Row['acknowledge']

/** A grievance's words, shared with the member's record (which lists their grievances). */
export const STATUS_LABELS: Record<GrievanceStatus, string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  closed: 'Closed',
}
export const CATEGORY_LABELS: Record<Row['category'], string> = {
  'quality-of-care': 'Quality of care',
  billing: 'Billing',
  'access-to-care': 'Access to care',
  'customer-service': 'Customer service',
  other: 'Other',
}

/** How close a legal clock is, in words: done, overdue, due today, or the days left. */
export function clockText(clock: Clock): string {
  if (clock.doneAt) return `Done ${day(clock.doneAt)}`
  if (clock.overdue) return `Overdue by ${-clock.daysLeft || 1} ${-clock.daysLeft > 1 ? 'days' : 'day'}`
  if (clock.daysLeft === 0) return 'Due today'
  return `${clock.daysLeft} ${clock.daysLeft === 1 ? 'day' : 'days'} left`
}

/** The flags of a grievance: urgent and overdue, each a word with a mark. */
export function Flags({ urgent, overdue }: { urgent: boolean; overdue: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      {urgent && (
        <span className="rounded border border-amber-700 bg-amber-50 px-1.5 text-xs font-semibold text-amber-900">
          <span aria-hidden="true">⚑ </span>Urgent
        </span>
      )}
      {overdue && (
        <span className="rounded border border-red-700 bg-red-50 px-1.5 text-xs font-semibold text-red-900">
          <span aria-hidden="true">! </span>Overdue
        </span>
      )}
    </span>
  )
}
