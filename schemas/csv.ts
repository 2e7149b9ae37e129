/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * is prefixed with an apostrophe, so no text typed on the site can become a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as CSV: each cell escaped, CRLF line ends (what spreadsheets expect). The first row is the header. */
export const csvText = (rows: readonly (readonly string[])[]): string =>
  `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`
