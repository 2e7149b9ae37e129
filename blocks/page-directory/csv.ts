import type { Office, Provider } from '#schemas/api/catalog.ts'

/** One row of the directory: a provider at an office. */
export interface DirectoryRow {
  provider: Provider
  office: Office
  distanceMiles: number | null
}

export const AGES: Record<Provider['patientAges'], string> = {
  adults: 'Adults',
  children: 'Children',
  all: 'Adults and children',
}

/** The directory's columns: the fields of California's provider directory rule (H&S §1367.27), each with how a row gives it. */
export const DIRECTORY_COLUMNS: readonly { header: string; value: (row: DirectoryRow) => string }[] = [
  { header: 'Provider name', value: ({ provider }) => provider.name },
  { header: 'Provider type', value: ({ provider }) => provider.providerType },
  { header: 'Specialty', value: ({ provider }) => provider.specialty },
  { header: 'NPI', value: ({ provider }) => provider.npi },
  { header: 'License number', value: ({ provider }) => provider.licenseNumber },
  { header: 'Board certification', value: ({ provider }) => provider.boardCertification ?? 'Not board certified' },
  { header: 'Patients seen', value: ({ provider }) => AGES[provider.patientAges] },
  { header: 'Group affiliation', value: ({ provider }) => provider.groupAffiliation ?? 'None' },
  { header: 'Provider languages', value: ({ provider }) => provider.languages.join('; ') },
  { header: 'Accepting new patients', value: ({ provider }) => (provider.acceptingNewPatients ? 'Yes' : 'No') },
  { header: 'Office', value: ({ office }) => office.name },
  {
    header: 'Address',
    value: ({ office }) =>
      `${office.address.line}, ${office.address.city}, ${office.address.state} ${office.address.zip}`,
  },
  { header: 'Phone', value: ({ office }) => office.phone },
  { header: 'Staff languages', value: ({ office }) => office.staffLanguages.join('; ') },
  { header: 'Office accessibility', value: ({ office }) => office.accessibility.join('; ') },
]

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * is prefixed with an apostrophe, so a directory entry can never become a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The directory as CSV: a header row, one row per provider, CRLF line ends (what spreadsheets expect). */
export function directoryCsv(rows: readonly DirectoryRow[]): string {
  const lines = [
    DIRECTORY_COLUMNS.map((column) => csvCell(column.header)),
    ...rows.map((row) => DIRECTORY_COLUMNS.map((column) => csvCell(column.value(row)))),
  ]
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`
}
