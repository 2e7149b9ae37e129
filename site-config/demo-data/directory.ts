import type { DemoDataInput } from '#schemas/demo-data.ts'

/**
 * Builders for the demo provider directory. The offices and providers are written out as data;
 * what a real directory would copy from a licence register (NPI, licence number, the board of a
 * specialty) is derived here from the provider's id, so the data stays short and the same on
 * every run (nothing is random).
 */
type DemoOffice = DemoDataInput['offices'][number]
type DemoProvider = DemoOffice['providers'][number]
type Day = DemoOffice['hours'][number]['day']
type Ages = DemoProvider['patientAges']

const DAYS: Day[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/**
 * Opening hours from a line a front desk would write: `'Mon-Thu 07:30-17:30, Sat 09:00-13:00'`.
 * Throws on anything else, so a typo fails the demo-data test rather than seeding odd hours.
 */
export function schedule(text: string): DemoOffice['hours'] {
  return text.split(',').flatMap((part) => {
    const match = /^(\w{3})(?:-(\w{3}))? (\d\d:\d\d)-(\d\d:\d\d)$/.exec(part.trim())
    const first = DAYS.indexOf(match?.[1] as Day)
    const last = match?.[2] === undefined ? first : DAYS.indexOf(match[2] as Day)
    if (!match || first < 0 || last < first) throw new Error(`Not opening hours: "${part.trim()}"`)
    return DAYS.slice(first, last + 1).map((day) => ({ day, opens: match[3]!, closes: match[4]! }))
  })
}

/**
 * A ten-digit NPI whose last digit is the Luhn check digit over the prefix 80840 and the first
 * nine digits, as CMS issues them; the first nine come from the provider's id (distinct ids give
 * distinct numbers: 7 654 321 is coprime to 10^8).
 */
export function npi(id: number): string {
  const base = String(100_000_000 + ((id * 7_654_321 + 23_456_789) % 100_000_000))
  return `${base}${luhnCheckDigit(`80840${base}`)}`
}

/** The digit that makes `payload + digit` pass the Luhn check (`payload`: ASCII digits). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0
  for (const [index, char] of payload.split('').reverse().entries()) {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1)
    sum += digit > 9 ? digit - 9 : digit
  }
  return (10 - (sum % 10)) % 10
}

/** Licence numbers in each state board's own style (the number itself is derived from the id). */
const LICENCE: Record<string, (kind: 'dentist' | 'hygienist', n: number) => string> = {
  CA: (kind, n) => (kind === 'dentist' ? `CA DDS ${n}` : `CA RDH ${100_000 + n}`),
  AZ: (kind, n) => (kind === 'dentist' ? `AZ D-${n}` : `AZ H-${n}`),
  NY: (kind, n) => (kind === 'dentist' ? `NY 0${n}` : `NY RDH 03${n}`),
  TX: (kind, n) => (kind === 'dentist' ? `TX ${n}` : `TX RDH 1${n}`),
  FL: (kind, n) => (kind === 'dentist' ? `FL DN ${n}` : `FL DH ${n}`),
  NV: (kind, n) => (kind === 'dentist' ? `NV D${n}` : `NV H${n}`),
  IL: (kind, n) => (kind === 'dentist' ? `IL 019.0${n}` : `IL 020.0${n}`),
  CO: (kind, n) => (kind === 'dentist' ? `CO DEN.00${n}` : `CO DH.00${n}`),
  WA: (kind, n) => (kind === 'dentist' ? `WA DE.600${n}` : `WA DH.600${n}`),
  OR: (kind, n) => (kind === 'dentist' ? `OR D${n}` : `OR H${n}`),
}

export function licenseNumber(state: string, kind: 'dentist' | 'hygienist', id: number): string {
  const format = LICENCE[state]
  if (!format) throw new Error(`No licence format for ${state}`)
  return format(kind, 10_000 + ((id * 7_919) % 90_000))
}

/** The American specialty board of each recognised dental specialty. */
const BOARD: Record<string, string> = {
  'Pediatric dentistry': 'American Board of Pediatric Dentistry',
  Orthodontics: 'American Board of Orthodontics',
  Endodontics: 'American Board of Endodontics',
  Periodontics: 'American Board of Periodontology',
  'Oral surgery': 'American Board of Oral and Maxillofacial Surgery',
  Prosthodontics: 'American Board of Prosthodontics',
}

/** Whom each specialty usually sees, unless a provider says otherwise. */
const AGES: Record<string, Ages> = {
  'Pediatric dentistry': 'children',
  Endodontics: 'adults',
  Periodontics: 'adults',
  Prosthodontics: 'adults',
}

/** A provider as the office lists it; the office fills in the licence (its state) and group. */
export interface ProviderEntry {
  id: number
  name: string
  kind: 'dentist' | 'hygienist'
  specialty: string
  languages: string[]
  accepting: boolean
  ages: Ages
  board: string | null
}

interface ProviderOptions {
  /** Not taking new patients (default: taking them). */
  accepting?: boolean
  ages?: Ages
  /** The certifying board; default the specialty's board (none for general dentistry); null: not certified. */
  board?: string | null
}

export function dentist(
  id: number,
  name: string,
  specialty: string,
  languages: string[],
  options: ProviderOptions = {},
): ProviderEntry {
  return {
    id,
    name,
    kind: 'dentist',
    specialty,
    languages,
    accepting: options.accepting ?? true,
    ages: options.ages ?? AGES[specialty] ?? 'all',
    board: options.board === undefined ? (BOARD[specialty] ?? null) : options.board,
  }
}

export function hygienist(
  id: number,
  name: string,
  languages: string[],
  options: Omit<ProviderOptions, 'board'> = {},
): ProviderEntry {
  return {
    id,
    name,
    kind: 'hygienist',
    specialty: 'Dental hygiene',
    languages,
    accepting: options.accepting ?? true,
    ages: options.ages ?? 'all',
    board: null,
  }
}

export interface OfficeEntry {
  id: number
  name: string
  address: DemoOffice['address']
  phone: string
  hours: DemoOffice['hours']
  /** Default true; an office not taking new patients has every provider not taking them. */
  accepting?: boolean
  planIds: number[]
  accessibility: string[]
  staffLanguages: string[]
  /** The dental group the office's providers belong to, if any. */
  group?: string
}

/** An office of the demo data with its providers, every directory field filled. */
export function office(entry: OfficeEntry, providers: ProviderEntry[]): DemoOffice {
  const accepting = entry.accepting ?? true
  return {
    id: entry.id,
    name: entry.name,
    address: entry.address,
    phone: entry.phone,
    hours: entry.hours,
    acceptingNewPatients: accepting,
    accessibility: entry.accessibility,
    staffLanguages: entry.staffLanguages,
    planIds: entry.planIds,
    providers: providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
      providerType: provider.kind === 'dentist' ? 'Dentist' : 'Dental hygienist',
      specialty: provider.specialty,
      npi: npi(provider.id),
      licenseNumber: licenseNumber(entry.address.state, provider.kind, provider.id),
      boardCertification: provider.board,
      patientAges: provider.ages,
      groupAffiliation: entry.group ?? null,
      languages: provider.languages,
      acceptingNewPatients: accepting && provider.accepting,
    })),
  }
}

/** An address line as written on the door. */
export const at = (line: string, city: string, state: string, zip: string): DemoOffice['address'] => ({
  line,
  city,
  state,
  zip,
})

/** Opening hours the demo offices share. */
export const WEEKDAYS = schedule('Mon-Fri 08:00-17:00')
export const WITH_SATURDAY = schedule('Mon-Fri 08:00-17:00, Sat 09:00-13:00')
export const EARLY = schedule('Mon-Thu 07:00-16:00, Fri 07:00-13:00')
export const LATE = schedule('Mon 10:00-19:00, Tue-Thu 09:00-19:00, Sat 09:00-15:00')
export const FOUR_DAYS = schedule('Mon-Thu 07:30-17:30')
export const FAMILY = schedule('Mon-Fri 09:00-18:00, Sat 08:00-14:00')
