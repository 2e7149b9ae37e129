/** The specification's date format, mm/dd/yy, of an ISO date or timestamp (in UTC, as stored). */
export function shortDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${pad(date.getUTCFullYear() % 100)}`
}

/** A date written out for reading ("November 23, 2026"), in UTC as stored. */
export const longDate = (value: string | Date): string =>
  new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
