/**
 * Business days for §1367.27(e)'s 30-business-day clock: Monday to Friday on the UTC calendar. The
 * repository has no list of holidays yet, so a holiday counts as a business day.
 */
const DAY_MS = 86_400_000

const isBusinessDay = (time: number) => {
  const weekday = new Date(time).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

/** `days` business days after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  let time = from.getTime()
  for (let left = days; left > 0;) {
    time += DAY_MS
    if (isBusinessDay(time)) left -= 1
  }
  return new Date(time)
}

/** Midnight UTC of a date. */
const calendarDay = (value: Date) => Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate())

/**
 * The business days from `now` to `by`: 0 on `by`'s day (and on a weekend right after it), negative
 * once past (the business days since).
 */
export function businessDaysLeft(now: Date, by: Date): number {
  const [from, to] = [calendarDay(now), calendarDay(by)]
  const [start, end, sign] = to >= from ? [from, to, 1] : [to, from, -1]
  let count = 0
  for (let time = start + DAY_MS; time <= end; time += DAY_MS) if (isBusinessDay(time)) count += 1
  return count === 0 ? 0 : sign * count
}
