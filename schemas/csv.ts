/**
 * How a cell a spreadsheet would run as a formula starts: =, +, -, @, a tab or a carriage return,
 * or the full-width =, +, - and @ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets read as the
 * ASCII signs where an East Asian input method typed them.
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * cell that starts as a formula would (`FORMULA_START`) is prefixed with an apostrophe, so no text
 * typed on the site can become a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as CSV: each cell escaped, CRLF line ends (what spreadsheets expect). The first row is the header. */
export const csvText = (rows: readonly (readonly string[])[]): string =>
  `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`
