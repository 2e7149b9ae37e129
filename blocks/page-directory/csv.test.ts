import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { csvCell, FORMULA_START } from '#schemas/csv.ts'
import { DIRECTORY_COLUMNS, directoryCsv, type DirectoryRow } from './csv.ts'

const naughty = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../tests/corpus/blns.json'), 'utf8'),
) as string[]

/** A minimal RFC 4180 reader, to read back what the writer wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"'
      index++
    } else if (char === '"') {
      quoted = !quoted
    } else if (!quoted && char === ',') {
      row.push(cell)
      cell = ''
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index++
    } else {
      cell += char
    }
  }
  return rows
}

const row = (name: string): DirectoryRow => ({
  distanceMiles: 1.2,
  provider: {
    id: 1,
    name,
    providerType: 'Dentist',
    specialty: 'General dentistry',
    npi: '1234567893',
    licenseNumber: 'CA DDS 58231',
    boardCertification: null,
    patientAges: 'all',
    groupAffiliation: 'Westside Dental Group',
    languages: ['English', 'Spanish'],
    acceptingNewPatients: true,
    officeId: 9,
  },
  office: {
    id: 9,
    name: 'Mission Street Dental',
    address: { line: '2100 Mission St, Suite 4', city: 'San Francisco', state: 'CA', zip: '94110' },
    latitude: 0,
    longitude: 0,
    phone: '4155550142',
    hours: [],
    acceptingNewPatients: true,
    accessibility: ['Wheelchair accessible'],
    staffLanguages: ['Spanish', 'Cantonese'],
  },
})

describe('directory CSV', () => {
  it('has a header with every §1367.27 column and one row per provider', () => {
    const rows = parseCsv(directoryCsv([row('Dr. Maya Chen, DDS')]))
    expect(rows[0]).toEqual(DIRECTORY_COLUMNS.map((column) => column.header))
    expect(rows[0]).toEqual(
      expect.arrayContaining([
        'NPI',
        'License number',
        'Board certification',
        'Group affiliation',
        'Staff languages',
        'Office accessibility',
        'Accepting new patients',
      ]),
    )
    expect(rows[1]).toEqual([
      'Dr. Maya Chen, DDS',
      'Dentist',
      'General dentistry',
      '1234567893',
      'CA DDS 58231',
      'Not board certified',
      'Adults and children',
      'Westside Dental Group',
      'English; Spanish',
      'Yes',
      'Mission Street Dental',
      '2100 Mission St, Suite 4, San Francisco, CA 94110',
      '4155550142',
      'Spanish; Cantonese',
      'Wheelchair accessible',
    ])
  })

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  })

  it('defuses the full-width signs a spreadsheet also reads as a formula’s start', () => {
    expect(csvCell('＝HYPERLINK("http://evil")')).toBe(`"'＝HYPERLINK(""http://evil"")"`)
    expect(csvCell('＋1')).toBe("'＋1")
    expect(csvCell('－1')).toBe("'－1")
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)")
    expect(csvCell('1＝1')).toBe('1＝1')
  })

  it('reads back every naughty string exactly (formulas with their apostrophe)', () => {
    const rows = parseCsv(directoryCsv(naughty.map(row)))
    expect(rows).toHaveLength(naughty.length + 1)
    naughty.forEach((name, index) => {
      expect(rows[index + 1]![0]).toBe(FORMULA_START.test(name) ? `'${name}` : name)
    })
  })
})
