import { dayIn } from '#schemas/zoned-days.ts'

export { longDate } from '#schemas/zoned-days.ts'

/**
 * The specification's date format, mm/dd/yy, of a calendar day (`YYYY-MM-DD`) or of an instant as
 * the day it falls on in `timeZone` (a member's dates in theirs; UTC as stored otherwise).
 */
export function shortDate(iso: string, timeZone = 'UTC'): string {
  const [year = '', month = '', day = ''] = (iso.length === 10 ? iso : dayIn(new Date(iso), timeZone)).split('-')
  return `${month}/${day}/${year.slice(2)}`
}
