import { describe, expect, it } from 'vitest'
import { demoDataSchema } from '#schemas/demo-data.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { schedule } from '#site-config/demo-data/directory.ts'
import { distanceMiles, zipCentroid } from '#server/features/directory/geo.ts'

/** The Luhn check as CMS applies it to an NPI: over the prefix 80840 and all ten digits. */
const passesLuhn = (npi: string) =>
  `80840${npi}`
    .split('')
    .reverse()
    .reduce((sum, char, index) => {
      const digit = Number(char) * (index % 2 === 1 ? 2 : 1)
      return sum + (digit > 9 ? digit - 9 : digit)
    }, 0) %
    10 ===
  0

const carewell = demoDataSchema.parse(demoData.carewell)
const providers = carewell.offices.flatMap((office) => office.providers.map((provider) => ({ ...provider, office })))
const near = (zip: string, miles: number) =>
  carewell.offices.filter((office) => distanceMiles(zipCentroid(zip)!, zipCentroid(office.address.zip)!) <= miles)

describe('the demo provider directory', () => {
  it.each(Object.keys(demoData))(
    '%s parses, with every office at a ZIP the geo data knows, in its city and state',
    (groupKey) => {
      const data = demoDataSchema.parse(demoData[groupKey])
      for (const office of data.offices) {
        expect(zipCentroid(office.address.zip), `${office.id} ${office.address.zip}`).toMatchObject({
          state: office.address.state,
          city: office.address.city,
        })
        expect(office.phone, String(office.id)).toMatch(/^[2-9]\d{2}55501\d{2}$/)
        expect(office.providers.length, String(office.id)).toBeGreaterThanOrEqual(1)
        expect(office.providers.length, String(office.id)).toBeLessThanOrEqual(4)
        expect(office.accessibility.length + office.staffLanguages.length, String(office.id)).toBeGreaterThan(1)
      }
    },
  )

  it('keeps the six original offices, their plans and providers, that the demo member, coupons and tests name', () => {
    expect(carewell.offices.slice(0, 6).map((office) => [office.id, office.name, office.planIds])).toEqual([
      [1001, 'Beverly Hills Family Dentistry', [101, 102, 103]],
      [1002, 'Mission Street Dental', [101, 102]],
      [1003, 'Chelsea Smile Studio', [101, 102, 103]],
      [1004, 'Congress Avenue Dental Care', [102, 103]],
      [1005, 'Brickell Bay Dentists', [101, 102, 103]],
      [1006, 'Desert Sky Dental', [101, 102]],
    ])
    expect(carewell.offices.slice(0, 6).flatMap((office) => office.providers.map((provider) => provider.id))).toEqual([
      5001, 5002, 5003, 5004, 5005, 5006, 5007, 5008, 5009, 5010,
    ])
  })

  it('spans at least 60 offices in 8 states, with real clusters around Los Angeles, San Francisco and Phoenix', () => {
    expect(carewell.offices.length).toBeGreaterThanOrEqual(60)
    const states = new Set(carewell.offices.map((office) => office.address.state))
    expect(states.size).toBeGreaterThanOrEqual(8)
    expect([...states]).toEqual(expect.arrayContaining(['CA', 'AZ']))
    expect(near('90210', 25).length).toBeGreaterThanOrEqual(8)
    expect(near('94110', 25).length).toBeGreaterThanOrEqual(6)
    expect(near('85012', 25).length).toBeGreaterThanOrEqual(5)
  })

  it('fills every directory field: NPIs that pass the Luhn check, one per provider, and state licence numbers', () => {
    for (const provider of providers) {
      expect(passesLuhn(provider.npi), `${provider.name} ${provider.npi}`).toBe(true)
      expect(provider.licenseNumber.startsWith(`${provider.office.address.state} `), provider.name).toBe(true)
      expect(['Dentist', 'Dental hygienist']).toContain(provider.providerType)
    }
    expect(new Set(providers.map((provider) => provider.npi)).size).toBe(providers.length)
    expect(passesLuhn('1234567893')).toBe(true)
    expect(passesLuhn('1234567890')).toBe(false)
  })

  it('mixes specialties, ages, new patients and languages the way a directory search needs', () => {
    const specialties = new Set(providers.map((provider) => provider.specialty))
    for (const specialty of [
      'General dentistry',
      'Pediatric dentistry',
      'Orthodontics',
      'Endodontics',
      'Periodontics',
      'Oral surgery',
      'Prosthodontics',
    ])
      expect(specialties).toContain(specialty)
    expect(new Set(providers.map((provider) => provider.patientAges))).toEqual(new Set(['adults', 'children', 'all']))
    const spanishInCalifornia = providers.filter(
      (provider) =>
        provider.office.address.state === 'CA' &&
        provider.languages.includes('Spanish') &&
        provider.acceptingNewPatients,
    )
    expect(new Set(spanishInCalifornia.map((provider) => provider.office.id)).size).toBeGreaterThanOrEqual(5)
    expect(carewell.offices.filter((office) => !office.acceptingNewPatients).length).toBeGreaterThanOrEqual(3)
    expect(
      providers.some((provider) => provider.boardCertification !== null) &&
        providers.some((provider) => provider.boardCertification === null),
    ).toBe(true)
    expect(
      providers.some((provider) => provider.groupAffiliation !== null) &&
        providers.some((provider) => provider.groupAffiliation === null),
    ).toBe(true)
    // An office that takes no new patients has no provider who does.
    for (const office of carewell.offices.filter((candidate) => !candidate.acceptingNewPatients))
      expect(office.providers.every((provider) => !provider.acceptingNewPatients)).toBe(true)
  })

  it('reads opening hours as a front desk writes them, and refuses anything else', () => {
    expect(schedule('Mon-Wed 08:00-17:00, Sat 09:00-13:00')).toEqual([
      { day: 'Mon', opens: '08:00', closes: '17:00' },
      { day: 'Tue', opens: '08:00', closes: '17:00' },
      { day: 'Wed', opens: '08:00', closes: '17:00' },
      { day: 'Sat', opens: '09:00', closes: '13:00' },
    ])
    expect(() => schedule('Fri-Mon 08:00-17:00')).toThrow('Not opening hours: "Fri-Mon 08:00-17:00"')
    expect(() => schedule('Mon 8-5')).toThrow(/Not opening hours/)
  })

  it('refuses demo data with a duplicate provider id or an unknown plan, at its path', () => {
    const [first, second] = carewell.offices
    const duplicate = {
      ...carewell,
      offices: [
        first!,
        { ...second!, planIds: [999], providers: [{ ...second!.providers[0]!, id: first!.providers[0]!.id }] },
      ],
    }
    const issues = demoDataSchema
      .safeParse(duplicate)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual([
      ['offices.1.planIds.0', 'Unknown plan 999'],
      ['offices.1.providers.0.id', 'Duplicate provider id 5001'],
    ])
  })
})
