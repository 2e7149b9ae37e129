import { apiQuery } from '#engine'
import { catalogApi } from '#schemas/api/directory.ts'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import type { Office, OfficeSearchResults, Plan, Provider } from '#schemas/api/directory.ts'

/** Offices, providers and plans for stories and tests of the catalog pages (shaped by the API's schemas). */
const fees = [
  { code: 'D0120', procedure: 'Periodic oral evaluation', usualFeeCents: 6500, memberFeeCents: 4200 },
  { code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 },
  { code: 'D2391', procedure: 'Resin filling, one surface, back tooth', usualFeeCents: 19500, memberFeeCents: 12700 },
  { code: 'D2740', procedure: 'Porcelain crown', usualFeeCents: 135000, memberFeeCents: 87800 },
]
export const samplePlans: Plan[] = [
  {
    id: 101,
    name: 'Essential',
    description: 'Cleanings, exams and X-rays at member prices, 20% off everything else.',
    monthlyPriceCents: 1495,
    annualPriceCents: 14900,
    enrollmentFeeCents: 1000,
    maxDependents: 0,
    feeSchedule: fees,
  },
  {
    id: 102,
    name: 'Family',
    description: 'The whole household on one plan: 35% off at every participating office.',
    monthlyPriceCents: 2995,
    annualPriceCents: 29900,
    enrollmentFeeCents: 1000,
    maxDependents: 6,
    feeSchedule: fees,
  },
]
const weekdays = (opens: string, closes: string) =>
  (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((day) => ({ day, opens, closes }))
export const sampleOffices: Office[] = [
  {
    id: 1001,
    name: 'Beverly Hills Family Dentistry',
    address: { line: '9400 Brighton Way', city: 'Beverly Hills', state: 'CA', zip: '90210' },
    latitude: 34.09,
    longitude: -118.41,
    phone: '3105550110',
    hours: [...weekdays('08:00', '17:00'), { day: 'Sat', opens: '09:00', closes: '13:00' }],
    acceptingNewPatients: true,
    accessibility: ['Wheelchair accessible', 'Parking'],
    staffLanguages: ['Spanish', 'Mandarin'],
  },
  {
    id: 1007,
    name: 'Westwood Village Dental',
    address: { line: '1100 Glendon Ave', city: 'Los Angeles', state: 'CA', zip: '90024' },
    latitude: 34.06,
    longitude: -118.44,
    phone: '3105550127',
    hours: weekdays('09:00', '18:00'),
    acceptingNewPatients: false,
    accessibility: ['Elevator'],
    staffLanguages: ['Korean'],
  },
]
export const sampleProviders: Provider[] = [
  {
    id: 5001,
    name: 'Dr. Maya Chen, DDS',
    providerType: 'Dentist',
    specialty: 'General dentistry',
    npi: '1437192836',
    licenseNumber: 'CA DDS 58231',
    boardCertification: null,
    patientAges: 'all',
    groupAffiliation: 'Westside Dental Group',
    languages: ['English', 'Mandarin'],
    acceptingNewPatients: true,
    officeId: 1001,
  },
  {
    id: 5002,
    name: 'Dr. Luis Ortega, DMD',
    providerType: 'Dentist',
    specialty: 'Pediatric dentistry',
    npi: '1306849532',
    licenseNumber: 'CA DDS 61877',
    boardCertification: 'American Board of Pediatric Dentistry',
    patientAges: 'children',
    groupAffiliation: null,
    languages: ['English', 'Spanish'],
    acceptingNewPatients: true,
    officeId: 1001,
  },
  {
    id: 5011,
    name: 'Dr. Ji-woo Park, DDS',
    providerType: 'Dentist',
    specialty: 'Endodontics',
    npi: '1780654321',
    licenseNumber: 'CA DDS 70412',
    boardCertification: 'American Board of Endodontics',
    patientAges: 'adults',
    groupAffiliation: null,
    languages: ['English', 'Korean'],
    acceptingNewPatients: false,
    officeId: 1007,
  },
]
const prices = samplePlans.map(({ id, name, monthlyPriceCents, annualPriceCents }) => ({
  id,
  name,
  monthlyPriceCents,
  annualPriceCents,
}))

/** The office search's answer from 90210 within 25 miles. */
export const sampleOfficeSearch: OfficeSearchResults = {
  origin: { zip: '90210', city: 'Beverly Hills', state: 'CA' },
  total: 2,
  page: 1,
  pageSize: 10,
  results: sampleOffices.map((office, index) => ({
    office,
    distanceMiles: index === 0 ? 0.4 : 3.2,
    providers: sampleProviders.filter((provider) => provider.officeId === office.id),
    plans: index === 0 ? prices : prices.slice(0, 1),
  })),
}

/** A checkout at the family step (for the checkout stories): Family plan, a child on it, a spouse on Essential. */
export const sampleCheckout: CheckoutState = {
  step: 'account',
  plan: { planId: 102, officeId: 1001, billingCycle: 'monthly', couponCode: 'SPRING' },
  office: {
    id: 1001,
    name: 'Beverly Hills Family Dentistry',
    state: 'CA',
    plans: samplePlans.map(({ id, name, monthlyPriceCents, annualPriceCents, maxDependents }) => ({
      id,
      name,
      monthlyPriceCents,
      annualPriceCents,
      maxDependents,
    })),
  },
  account: {
    email: 'robin@example.com',
    firstName: 'Robin',
    lastName: 'Lee',
    phone: '3105550123',
    dateOfBirth: '1985-06-15',
    address: { line: '1 Rodeo Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
  },
  members: [
    { id: 1, firstName: 'Kai', lastName: 'Lee', dateOfBirth: '2016-03-03', relationship: 'child', planId: null },
    { id: 2, firstName: 'Sam', lastName: 'Lee', dateOfBirth: '1986-01-01', relationship: 'spouse', planId: 101 },
  ],
  price: {
    timeZone: 'America/Los_Angeles',
    membersCount: 3,
    lines: [
      { memberId: null, planId: 102, planName: 'Family', amountCents: 2995 },
      { memberId: 1, planId: 102, planName: 'Family', amountCents: 2995 },
      { memberId: 2, planId: 101, planName: 'Essential', amountCents: 1495 },
    ],
    perMemberCents: 2995,
    enrollmentFeeCents: 1000,
    discountCents: 1697,
    totalCents: 6788,
    couponMessage: 'Coupon SPRING applied: 20% off.',
  },
  memberId: null,
  orderId: 'order_story',
  hasPassword: true,
}

/** The office page's answers for an office: its details with its dentists, and its plans. */
export const officeEntries = (office: Office) =>
  [
    [
      apiQuery(catalogApi.officeDetails, { params: { id: office.id } }),
      { ...office, providers: sampleProviders.filter((provider) => provider.officeId === office.id) },
    ],
    [apiQuery(catalogApi.officePlans, { params: { id: office.id } }), { plans: samplePlans }],
  ] as const
