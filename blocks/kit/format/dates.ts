import { useMemo } from 'react'
import { useLocale, useServerText } from '#engine'
import { longDate, shortDate } from '#schemas/zoned-days.ts'

/** The site's dates (schemas/zoned-days.ts): long and short (mm/dd/yy in English), a member's in their time zone. */
export { longDate, shortDate }

type DateValue = string | Date
export interface Dates {
  /** mm/dd/yy in English, the page's language's order in another (`shortDate`). */
  short: (value: DateValue, timeZone?: string) => string
  /** "February 28, 2027", "28 de febrero de 2027" (`longDate`). */
  long: (value: DateValue, timeZone?: string) => string
}

const keyOf = (value: DateValue) => (typeof value === 'string' ? value : value.toISOString())

/**
 * The dates of a component's render in the page's language, as the server wrote them: a page
 * hydrates without building the browser's first `Intl.DateTimeFormat` (its locale data: about 100 ms
 * of a phone's main thread as the page starts; engine/server-text.ts). A date first shown later (a
 * dialog opened, new data) is formatted in the browser.
 */
export function useDates(): Dates {
  const text = useServerText()
  const code = useLocale()
  return useMemo(
    () => ({
      short: (value, timeZone = 'UTC') =>
        text(`date.short ${code} ${keyOf(value)} ${timeZone}`, () => shortDate(value, timeZone, code)),
      long: (value, timeZone = 'UTC') =>
        text(`date.long ${code} ${keyOf(value)} ${timeZone}`, () => longDate(value, timeZone, code)),
    }),
    [text, code],
  )
}
