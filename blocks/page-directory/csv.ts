import type { Office, Provider } from '#schemas/api/directory.ts'
import { csvText } from '#schemas/csv.ts'

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

/** The directory as CSV: a header row, one row per provider, CRLF line ends (what spreadsheets expect). */
export function directoryCsv(rows: readonly DirectoryRow[]): string {
  return csvText([
    DIRECTORY_COLUMNS.map((column) => column.header),
    ...rows.map((row) => DIRECTORY_COLUMNS.map((column) => column.value(row))),
  ])
}
