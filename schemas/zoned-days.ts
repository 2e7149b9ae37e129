/**
 * Calendar days in a time zone, through `Intl` (no zone data of our own): the day an instant falls
 * on there, and the instant a day begins there. A member's dates are counted in the zone of their
 * state, a price change takes effect at the start of its day in the tenant's zone.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string

const formatters = new Map<string, Intl.DateTimeFormat>()
function partsIn(instant: Date, timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]))
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  }
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string) {
  const p = partsIn(instant, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000
}

/** The day `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): Day {
  const p = partsIn(instant, timeZone)
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** The instant `day` begins in `timeZone` (its midnight; the zone's offset that day, daylight saving included). */
export function startOfDay(day: Day, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const utc = Date.UTC(year, month - 1, date)
  const first = utc - offsetMs(new Date(utc), timeZone)
  // The offset at the guess may differ from the one at midnight itself (a change of offset that night).
  return new Date(utc - offsetMs(new Date(first), timeZone))
}

/** `days` calendar days after `day`. */
export function addDays(day: Day, days: number): Day {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}
