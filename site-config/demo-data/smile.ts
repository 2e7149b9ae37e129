import type { DemoDataInput } from '#schemas/demo-data.ts'
import { feeSchedule, hours } from './fees.ts'

/** The second demo tenant: a West Coast cooperative with two plans and its own content manager. */
export const smileDemo: DemoDataInput = {
  plans: [
    { id: 201, name: 'Smile Basic', description: 'Preventive care at member prices and 25% off treatment.', monthlyPriceCents: 1295, annualPriceCents: 12900, enrollmentFeeCents: 500, maxDependents: 0, feeSchedule: feeSchedule(25) },
    { id: 202, name: 'Smile Household', description: 'Up to five people, 40% off at every co-op office.', monthlyPriceCents: 2695, annualPriceCents: 26900, enrollmentFeeCents: 500, maxDependents: 4, feeSchedule: feeSchedule(40) },
  ],
  offices: [
    {
      id: 2001, name: 'Pearl District Dental Co-op', address: { line: '1120 NW Couch St', city: 'Portland', state: 'OR', zip: '97209' }, phone: '5035550121',
      hours: hours(['08:00', '18:00'], ['09:00', '13:00']), acceptingNewPatients: true, planIds: [201, 202],
      providers: [
        { id: 6001, name: 'Dr. Nora Lindqvist, DMD', specialty: 'General dentistry', languages: ['English', 'Swedish'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible'] },
        { id: 6002, name: 'Dr. Kenji Watanabe, DDS', specialty: 'Pediatric dentistry', languages: ['English', 'Japanese'], acceptingNewPatients: true, accessibility: ['Wheelchair accessible', 'Elevator'] },
      ],
    },
    {
      id: 2002, name: 'Capitol Hill Smiles', address: { line: '1500 E Pine St', city: 'Seattle', state: 'WA', zip: '98122' }, phone: '2065550163',
      hours: hours(['09:00', '17:00']), acceptingNewPatients: true, planIds: [201, 202],
      providers: [{ id: 6003, name: 'Dr. Fatima Haddad, DDS', specialty: 'General dentistry', languages: ['English', 'Arabic'], acceptingNewPatients: true, accessibility: ['Step-free entrance'] }],
    },
    {
      id: 2003, name: 'Oakland Hills Dental', address: { line: '4200 Park Blvd', city: 'Oakland', state: 'CA', zip: '94602' }, phone: '5105550109',
      hours: hours(['08:30', '17:30']), acceptingNewPatients: true, planIds: [202],
      providers: [{ id: 6004, name: 'Dr. Marcus Bell, DDS', specialty: 'Endodontics', languages: ['English'], acceptingNewPatients: true, accessibility: ['Parking'] }],
    },
  ],
  coupons: [
    { code: 'COOP5', kind: 'fixed', amount: 500, expiresAt: null, planId: null, officeId: null },
    { code: 'HOUSEHOLD', kind: 'percent', amount: 10, expiresAt: null, planId: 202, officeId: null },
  ],
  accounts: [{ email: 'editor@smile.demo.test', password: 'Demo-Editor-2026!', role: 'editor', firstName: 'Robin', lastName: 'Okoye' }],
}
