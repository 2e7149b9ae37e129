import type { Office } from '#schemas/api/directory.ts'

const DAY_NAMES = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
} as const
const WEEK = Object.keys(DAY_NAMES) as (keyof typeof DAY_NAMES)[]

/** `17:30` as `5:30 PM`. */
export function clockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const suffix = hours >= 12 ? 'PM' : 'AM'
  const hour = hours % 12 || 12
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`
}

/**
 * An office's opening hours as lines a person reads: consecutive days with the same hours
 * joined (`Mon–Fri 8:00 AM–5:00 PM`), closed days left out, in week order.
 */
export function hoursLines(hours: Office['hours']): { days: string; daysLabel: string; time: string }[] {
  const byDay = new Map(hours.map((entry) => [entry.day, `${clockTime(entry.opens)}–${clockTime(entry.closes)}`]))
  const lines: { first: (typeof WEEK)[number]; last: (typeof WEEK)[number]; time: string }[] = []
  for (const day of WEEK) {
    const time = byDay.get(day)
    if (!time) continue
    const previous = lines.at(-1)
    if (previous && previous.time === time && WEEK.indexOf(previous.last) === WEEK.indexOf(day) - 1) previous.last = day
    else lines.push({ first: day, last: day, time })
  }
  return lines.map(({ first, last, time }) => ({
    days: first === last ? first : `${first}–${last}`,
    daysLabel: first === last ? DAY_NAMES[first] : `${DAY_NAMES[first]} to ${DAY_NAMES[last]}`,
    time,
  }))
}

/** The office's address on one line. */
export const addressLine = (office: Pick<Office, 'address'>) =>
  `${office.address.line}, ${office.address.city}, ${office.address.state} ${office.address.zip}`

/** Directions to the office in the visitor's map app (a link out; no map is loaded here). */
export const directionsUrl = (office: Pick<Office, 'address'>) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(office))}`

/** A distance as a person says it: `2.4 miles`, `1 mile`. */
export const miles = (distance: number) => (distance === 1 ? '1 mile' : `${distance.toFixed(1)} miles`)
