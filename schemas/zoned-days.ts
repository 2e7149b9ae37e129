/**
 * Calendar days in a time zone, through `Intl` (no zone data of our own): the day an instant falls
 * on there, and the instant a day begins there. A member's dates are counted in the zone of their
 * state, a price change takes effect at the start of its day in the tenant's zone.
 */
import { shortDay, type Day } from './days.ts'

export type { Day }

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

/** The instant a wall-clock time (written as if it were UTC) is in `timeZone`, daylight saving included. */
function fromWallClock(wall: number, timeZone: string): Date {
  const first = wall - offsetMs(new Date(wall), timeZone)
  // The offset at the guess may differ from the one at the time itself (a change of offset that night).
  return new Date(wall - offsetMs(new Date(first), timeZone))
}

/** The instant `day` begins in `timeZone` (its midnight; the zone's offset that day, daylight saving included). */
export function startOfDay(day: Day, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return fromWallClock(Date.UTC(year, month - 1, date), timeZone)
}

/**
 * The same time of day as `instant` in `timeZone`, `months` calendar months and `days` days later
 * there: a membership's day of the month (the last day of a shorter month: 31 January, then 28 or
 * 29 February) and its hour stay the member's, whatever daylight saving does in between.
 */
export function shiftInZone(
  instant: Date,
  timeZone: string,
  { months = 0, days = 0 }: { months?: number; days?: number },
) {
  const p = partsIn(instant, timeZone)
  const month = p.month - 1 + months
  const lastDay = new Date(Date.UTC(p.year, month + 1, 0)).getUTCDate()
  const wall = Date.UTC(p.year, month, Math.min(p.day, lastDay) + days, p.hour, p.minute, p.second)
  return fromWallClock(wall + (instant.getTime() % 1000), timeZone)
}

/** Calendar days from the day `from` falls on to the day `to` falls on, in `timeZone`. */
export const daysBetween = (from: Date, to: Date, timeZone: string) =>
  Math.round((Date.parse(dayIn(to, timeZone)) - Date.parse(dayIn(from, timeZone))) / 86_400_000)

/** `days` calendar days after `day`. */
export function addDays(day: Day, days: number): Day {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/**
 * The `Intl` locale of a site language's dates: the United States' in that language, on the
 * Gregorian calendar (a language given with its own region, `es-419` or `pt-br`, takes the plan's).
 */
export const dateLocale = (language: string) =>
  new Intl.Locale(language, { region: 'US', calendar: 'gregory' }).toString()

const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(style: 'long' | 'short', zone: string, language: string) {
  const key = `${style} ${zone} ${language}`
  let format = dateFormats.get(key)
  if (!format) {
    const parts =
      style === 'long' ? ({ month: 'long', day: 'numeric' } as const) : ({ month: '2-digit', day: '2-digit' } as const)
    format = new Intl.DateTimeFormat(dateLocale(language), {
      year: style === 'long' ? 'numeric' : '2-digit',
      ...parts,
      timeZone: zone,
    })
    dateFormats.set(key, format)
  }
  return format
}

/** A calendar day (`YYYY-MM-DD`) is itself in any zone; an instant is the day it falls on in `timeZone`. */
const asDay = (value: string | Date, timeZone: string) =>
  typeof value === 'string' && value.length === 10
    ? { zone: 'UTC', date: new Date(`${value}T00:00:00Z`) }
    : { zone: timeZone, date: new Date(value) }

/**
 * A date written out for reading in the site's `language` ("February 28, 2027", "28 de febrero de
 * 2027"): an instant as the day it falls on in `timeZone` (a member's dates in theirs), a calendar
 * day (`YYYY-MM-DD`) as itself.
 */
export function longDate(value: string | Date, timeZone = 'UTC', language = 'en'): string {
  const { zone, date } = asDay(value, timeZone)
  return dateFormat('long', zone, language).format(date)
}

/**
 * The specification's short date, mm/dd/yy in English (other languages: their own order, such as
 * dd/mm/yy in Spanish): a calendar day (`YYYY-MM-DD`) as itself, an instant as the day it falls on
 * in `timeZone` (a member's dates in theirs).
 */
export function shortDate(value: string | Date, timeZone = 'UTC', language = 'en'): string {
  if (language !== 'en') {
    const { zone, date } = asDay(value, timeZone)
    return dateFormat('short', zone, language).format(date)
  }
  return shortDay(typeof value === 'string' && value.length === 10 ? value : dayIn(new Date(value), timeZone))
}
