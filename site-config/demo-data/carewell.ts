import type { DemoDataInput } from '#schemas/demo-data.ts'
import { feeSchedule, hours } from './fees.ts'

/** The first demo tenant: offices in five states, three plans, coupons, a member and a content manager. */
export const carewellDemo: DemoDataInput = {
  plans: [
    { id: 101, name: 'Essential', description: 'Cleanings, exams and X-rays at member prices, 20% off everything else.', monthlyPriceCents: 1495, annualPriceCents: 14900, enrollmentFeeCents: 1000, maxDependents: 0, feeSchedule: feeSchedule(20) },
    { id: 102, name: 'Family', description: 'The whole household on one plan: 35% off at every participating office.', monthlyPriceCents: 2995, annualPriceCents: 29900, enrollmentFeeCents: 1000, maxDependents: 6, feeSchedule: feeSchedule(35) },
    { id: 103, name: 'Premier', description: 'Our deepest discounts, 50% off, including cosmetic work and whitening.', monthlyPriceCents: 3995, annualPriceCents: 39900, enrollmentFeeCents: 0, maxDependents: 4, feeSchedule: feeSchedule(50) },
  ],
  offices: [
    {
      id: 1001, name: 'Beverly Hills Family Dentistry', address: { line: '9400 Brighton Way', city: 'Beverly Hills', state: 'CA', zip: '90210' }, phone: '3105550110',
      hours: hours(['08:00', '17:00'], ['09:00', '13:00']), acceptingNewPatients: true, planIds: [101, 102, 103],
      providers: [
        { id: 5001, name: 'Dr. Maya Chen, DDS', specialty: 'General dentistry', languages: ['English', 'Mandarin'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible', 'Parking'] },
        { id: 5002, name: 'Dr. Luis Ortega, DMD', specialty: 'Pediatric dentistry', languages: ['English', 'Spanish'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible'] },
      ],
    },
    {
      id: 1002, name: 'Mission Street Dental', address: { line: '2100 Mission St', city: 'San Francisco', state: 'CA', zip: '94110' }, phone: '4155550142',
      hours: hours(['09:00', '18:00']), acceptingNewPatients: true, planIds: [101, 102],
      providers: [
        { id: 5003, name: 'Dr. Aisha Rahman, DDS', specialty: 'General dentistry', languages: ['English', 'Bengali'], acceptingNewPatients: true, accessibility: ['Step-free entrance'] },
        { id: 5004, name: 'Dr. Peter Novak, DDS', specialty: 'Endodontics', languages: ['English', 'Czech'], acceptingNewPatients: false, accessibility: [] },
      ],
    },
    {
      id: 1003, name: 'Chelsea Smile Studio', address: { line: '245 W 23rd St', city: 'New York', state: 'NY', zip: '10011' }, phone: '2125550178',
      hours: hours(['08:00', '19:00'], ['10:00', '14:00']), acceptingNewPatients: true, planIds: [101, 102, 103],
      providers: [
        { id: 5005, name: 'Dr. Hannah Goldberg, DMD', specialty: 'Orthodontics', languages: ['English', 'Hebrew'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible', 'Elevator'] },
        { id: 5006, name: 'Dr. Samuel Okafor, DDS', specialty: 'General dentistry', languages: ['English', 'Yoruba'], acceptingNewPatients: true, accessibility: ['Elevator'] },
      ],
    },
    {
      id: 1004, name: 'Congress Avenue Dental Care', address: { line: '600 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' }, phone: '5125550133',
      hours: hours(['07:30', '16:30']), acceptingNewPatients: true, planIds: [102, 103],
      providers: [{ id: 5007, name: 'Dr. Rosa Delgado, DDS', specialty: 'Periodontics', languages: ['English', 'Spanish'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible', 'Parking'] }],
    },
    {
      id: 1005, name: 'Brickell Bay Dentists', address: { line: '1200 Brickell Ave', city: 'Miami', state: 'FL', zip: '33131' }, phone: '3055550190',
      hours: hours(['09:00', '17:00'], ['09:00', '12:00']), acceptingNewPatients: false, planIds: [101, 102, 103],
      providers: [{ id: 5008, name: 'Dr. Carlos Mendes, DDS', specialty: 'Prosthodontics', languages: ['English', 'Portuguese', 'Spanish'], acceptingNewPatients: false, accessibility: ['Elevator'] }],
    },
    {
      id: 1006, name: 'Desert Sky Dental', address: { line: '3300 N Central Ave', city: 'Phoenix', state: 'AZ', zip: '85012' }, phone: '6025550155',
      hours: hours(['08:00', '17:00']), acceptingNewPatients: true, planIds: [101, 102],
      providers: [
        { id: 5009, name: 'Dr. Grace Yazzie, DDS', specialty: 'General dentistry', languages: ['English', 'Navajo'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible', 'Parking'] },
        { id: 5010, name: 'Dr. Ethan Brooks, DMD', specialty: 'Oral surgery', languages: ['English'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible'] },
      ],
    },
  ],
  coupons: [
    { code: 'SPRING', kind: 'percent', amount: 20, expiresAt: '2099-05-31T23:59:59Z', planId: null, officeId: null },
    { code: 'WELCOME10', kind: 'fixed', amount: 1000, expiresAt: null, planId: null, officeId: null },
    { code: 'WINTER2020', kind: 'percent', amount: 25, expiresAt: '2020-12-31T23:59:59Z', planId: null, officeId: null },
    { code: 'FAMILYFIRST', kind: 'percent', amount: 15, expiresAt: null, planId: 102, officeId: null },
    { code: 'BEVERLY', kind: 'fixed', amount: 2500, expiresAt: null, planId: null, officeId: 1001 },
  ],
  accounts: [
    {
      email: 'member@demo.test', password: 'Demo-Member-2026!', role: 'member', firstName: 'Jordan', lastName: 'Rivera', phone: '3105550188',
      address: { line: '120 Palm Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' }, dateOfBirth: '1986-04-12', balanceCents: 2995,
      dependents: [
        { firstName: 'Sam', lastName: 'Rivera', dateOfBirth: '1988-09-30', relationship: 'spouse' },
        { firstName: 'Ava', lastName: 'Rivera', dateOfBirth: '2016-02-18', relationship: 'child' },
      ],
      subscription: { planId: 102, officeId: 1001, billingCycle: 'monthly', startedAt: '2026-01-05T00:00:00Z', renewsAt: '2026-12-05T00:00:00Z' },
      card: { last4: '4242', brand: 'Visa', expMonth: 8, expYear: 2029, zip: '90210' },
      receipts: [
        { description: 'Family plan, enrollment and first month (3 members)', amountCents: 9985, paidAt: '2026-01-05T17:02:00Z' },
        { description: 'Family plan, monthly (3 members)', amountCents: 8985, paidAt: '2026-02-05T09:00:00Z' },
        { description: 'Family plan, monthly (3 members)', amountCents: 8985, paidAt: '2026-03-05T09:00:00Z' },
      ],
    },
    { email: 'editor@demo.test', password: 'Demo-Editor-2026!', role: 'editor', firstName: 'Casey', lastName: 'Morgan' },
  ],
}
