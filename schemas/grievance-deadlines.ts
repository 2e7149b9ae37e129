/**
 * The legal clocks of a grievance (California H&S §1368.01, CCR tit. 28 §1300.68): acknowledged
 * in writing within 5 calendar days of receipt, resolved within 30 calendar days, or within 3
 * days when urgent (a serious threat to the member's health; the statute's 72 hours). Written
 * once, here, for the form's acknowledgement, the member's list and the staff console.
 * (No zod here: pages and the server import it.)
 */

/** The time limits in calendar days; the server reads them from GRIEVANCE_ACK_DAYS, _RESOLVE_DAYS, _URGENT_DAYS. */
export interface GrievanceTimeLimits {
  acknowledgeDays: number
  resolveDays: number
  urgentDays: number
}

/** The statute's limits, the defaults of the environment. */
export const GRIEVANCE_TIME_LIMITS: GrievanceTimeLimits = { acknowledgeDays: 5, resolveDays: 30, urgentDays: 3 }

/** The status a grievance moves through: filed, acknowledged in writing, decided, and closed. */
export const GRIEVANCE_STATUSES = ['received', 'acknowledged', 'resolved', 'closed'] as const
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number]

/** What a plan's response to a grievance is: its acknowledgement, a word in between, or its decision. */
export const GRIEVANCE_RESPONSE_KINDS = ['acknowledgement', 'update', 'resolution'] as const
export type GrievanceResponseKind = (typeof GRIEVANCE_RESPONSE_KINDS)[number]

export interface GrievanceDueDates {
  /** Days to acknowledge: never more than the days to resolve (an acknowledgement after the decision says nothing). */
  acknowledgeDays: number
  resolveDays: number
  acknowledgeBy: Date
  resolveBy: Date
}

/**
 * `days` calendar days after `from`, at the same time of day. Days are counted on the UTC
 * calendar, as the site stores and shows dates, so month ends, leap days and daylight saving
 * never move a date.
 */
export function addCalendarDays(from: Date, days: number): Date {
  const next = new Date(from.getTime())
  next.setUTCDate(next.getUTCDate() + days)
  return next
}

/** When a grievance filed at `filedAt` must be acknowledged and resolved. */
export function grievanceDueDates(
  filedAt: Date,
  urgent: boolean,
  limits: GrievanceTimeLimits = GRIEVANCE_TIME_LIMITS,
): GrievanceDueDates {
  const resolveDays = urgent ? limits.urgentDays : limits.resolveDays
  const acknowledgeDays = Math.min(limits.acknowledgeDays, resolveDays)
  return {
    acknowledgeDays,
    resolveDays,
    acknowledgeBy: addCalendarDays(filedAt, acknowledgeDays),
    resolveBy: addCalendarDays(filedAt, resolveDays),
  }
}
