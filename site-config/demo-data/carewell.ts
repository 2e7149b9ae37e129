import type { DemoDataInput } from '#schemas/demo-data.ts'
import { californiaOffices } from './carewell-california.ts'
import { nationwideOffices } from './carewell-nationwide.ts'
import { at, dentist as dds, office } from './directory.ts'
import { feeSchedule, hours } from './fees.ts'

/** The demo staff's TOTP secret (base32, SHA-1, 6 digits, 30 s): public, for the demo only. */
export const DEMO_TOTP_SECRET = 'MRSW23ZNON2GCZTGFV2G65DQFUZDAMRW'

/**
 * The first demo tenant: 73 offices in nine states (the first six are the ones the demo member,
 * the coupons and the tests name), three plans, coupons, a member, a content manager, and two
 * staff members (member services, and an administrator).
 */
export const carewellDemo: DemoDataInput = {
  plans: [
    {
      id: 101,
      name: 'Essential',
      description: 'Cleanings, exams and X-rays at member prices, 20% off everything else.',
      monthlyPriceCents: 1495,
      annualPriceCents: 14900,
      enrollmentFeeCents: 1000,
      maxDependents: 0,
      feeSchedule: feeSchedule(20),
    },
    {
      id: 102,
      name: 'Family',
      description: 'The whole household on one plan: 35% off at every participating office.',
      monthlyPriceCents: 2995,
      annualPriceCents: 29900,
      enrollmentFeeCents: 1000,
      maxDependents: 6,
      feeSchedule: feeSchedule(35),
    },
    {
      id: 103,
      name: 'Premier',
      description: 'Our deepest discounts, 50% off, including cosmetic work and whitening.',
      monthlyPriceCents: 3995,
      annualPriceCents: 39900,
      enrollmentFeeCents: 0,
      maxDependents: 4,
      feeSchedule: feeSchedule(50),
    },
  ],
  offices: [
    office(
      {
        id: 1001,
        name: 'Beverly Hills Family Dentistry',
        address: at('9400 Brighton Way', 'Beverly Hills', 'CA', '90210'),
        phone: '3105550110',
        hours: hours(['08:00', '17:00'], ['09:00', '13:00']),
        planIds: [101, 102, 103],
        accessibility: ['Wheelchair accessible', 'Parking'],
        staffLanguages: ['English', 'Spanish', 'Mandarin'],
      },
      [
        dds(5001, 'Dr. Maya Chen, DDS', 'General dentistry', ['English', 'Mandarin']),
        dds(5002, 'Dr. Luis Ortega, DMD', 'Pediatric dentistry', ['English', 'Spanish']),
      ],
    ),
    office(
      {
        id: 1002,
        name: 'Mission Street Dental',
        address: at('2100 Mission St', 'San Francisco', 'CA', '94110'),
        phone: '4155550142',
        hours: hours(['09:00', '18:00']),
        planIds: [101, 102],
        accessibility: ['Step-free entrance'],
        staffLanguages: ['English', 'Spanish', 'Bengali'],
      },
      [
        dds(5003, 'Dr. Aisha Rahman, DDS', 'General dentistry', ['English', 'Bengali']),
        dds(5004, 'Dr. Peter Novak, DDS', 'Endodontics', ['English', 'Czech'], { accepting: false }),
      ],
    ),
    office(
      {
        id: 1003,
        name: 'Chelsea Smile Studio',
        address: at('245 W 23rd St', 'New York', 'NY', '10011'),
        phone: '2125550178',
        hours: hours(['08:00', '19:00'], ['10:00', '14:00']),
        planIds: [101, 102, 103],
        accessibility: ['Wheelchair accessible', 'Elevator'],
        staffLanguages: ['English', 'Hebrew', 'Spanish'],
      },
      [
        dds(5005, 'Dr. Hannah Goldberg, DMD', 'Orthodontics', ['English', 'Hebrew']),
        dds(5006, 'Dr. Samuel Okafor, DDS', 'General dentistry', ['English', 'Yoruba']),
      ],
    ),
    office(
      {
        id: 1004,
        name: 'Congress Avenue Dental Care',
        address: at('600 Congress Ave', 'Austin', 'TX', '78701'),
        phone: '5125550133',
        hours: hours(['07:30', '16:30']),
        planIds: [102, 103],
        accessibility: ['Wheelchair accessible', 'Parking'],
        staffLanguages: ['English', 'Spanish'],
        group: 'CareWell Dental Partners',
      },
      [dds(5007, 'Dr. Rosa Delgado, DDS', 'Periodontics', ['English', 'Spanish'])],
    ),
    office(
      {
        id: 1005,
        name: 'Brickell Bay Dentists',
        address: at('1200 Brickell Ave', 'Miami', 'FL', '33131'),
        phone: '3055550190',
        hours: hours(['09:00', '17:00'], ['09:00', '12:00']),
        accepting: false,
        planIds: [101, 102, 103],
        accessibility: ['Elevator'],
        staffLanguages: ['English', 'Spanish', 'Portuguese'],
      },
      [dds(5008, 'Dr. Carlos Mendes, DDS', 'Prosthodontics', ['English', 'Portuguese', 'Spanish'])],
    ),
    office(
      {
        id: 1006,
        name: 'Desert Sky Dental',
        address: at('3300 N Central Ave', 'Phoenix', 'AZ', '85012'),
        phone: '6025550155',
        hours: hours(['08:00', '17:00']),
        planIds: [101, 102],
        accessibility: ['Wheelchair accessible', 'Parking'],
        staffLanguages: ['English', 'Navajo', 'Spanish'],
        group: 'Sonoran Dental Group',
      },
      [
        dds(5009, 'Dr. Grace Yazzie, DDS', 'General dentistry', ['English', 'Navajo']),
        dds(5010, 'Dr. Ethan Brooks, DMD', 'Oral surgery', ['English']),
      ],
    ),
    ...californiaOffices,
    ...nationwideOffices,
  ],
  coupons: [
    { code: 'SPRING', kind: 'percent', amount: 20, expiresAt: '2099-05-31T23:59:59Z', planId: null, officeId: null },
    { code: 'WELCOME10', kind: 'fixed', amount: 1000, expiresAt: null, planId: null, officeId: null },
    {
      code: 'WINTER2020',
      kind: 'percent',
      amount: 25,
      expiresAt: '2020-12-31T23:59:59Z',
      planId: null,
      officeId: null,
    },
    { code: 'FAMILYFIRST', kind: 'percent', amount: 15, expiresAt: null, planId: 102, officeId: null },
    { code: 'BEVERLY', kind: 'fixed', amount: 2500, expiresAt: null, planId: null, officeId: 1001 },
  ],
  accounts: [
    {
      email: 'member@demo.test',
      password: 'Demo-Member-2026!',
      role: 'member',
      firstName: 'Jordan',
      lastName: 'Rivera',
      phone: '3105550188',
      address: { line: '120 Palm Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
      dateOfBirth: '1986-04-12',
      balanceCents: 2995,
      dependents: [
        { firstName: 'Sam', lastName: 'Rivera', dateOfBirth: '1988-09-30', relationship: 'spouse' },
        { firstName: 'Ava', lastName: 'Rivera', dateOfBirth: '2016-02-18', relationship: 'child' },
      ],
      subscription: {
        planId: 102,
        officeId: 1001,
        billingCycle: 'monthly',
        startedAt: '2026-01-05T00:00:00Z',
        renewsAt: '2026-12-05T00:00:00Z',
      },
      card: { last4: '4242', brand: 'Visa', expMonth: 8, expYear: 2029, zip: '90210' },
      receipts: [
        {
          description: 'Family plan, enrollment and first month (3 members)',
          amountCents: 9985,
          paidAt: '2026-01-05T17:02:00Z',
        },
        { description: 'Family plan, monthly (3 members)', amountCents: 8985, paidAt: '2026-02-05T09:00:00Z' },
        { description: 'Family plan, monthly (3 members)', amountCents: 8985, paidAt: '2026-03-05T09:00:00Z' },
      ],
    },
    {
      email: 'editor@demo.test',
      password: 'Demo-Editor-2026!',
      role: 'editor',
      totpSecret: DEMO_TOTP_SECRET,
      firstName: 'Casey',
      lastName: 'Morgan',
    },
    // The demo's staff (issue 29): both enrolled with the secret the README gives, so any
    // authenticator app signs in with it. Real staff enrol their own.
    {
      email: 'support@demo.test',
      password: 'Demo-Support-2026!',
      role: 'staff',
      staffRoles: ['support'],
      totpSecret: DEMO_TOTP_SECRET,
      firstName: 'Robin',
      lastName: 'Alvarez',
    },
    {
      email: 'admin@demo.test',
      password: 'Demo-Admin-2026!',
      role: 'staff',
      staffRoles: ['admin', 'support'],
      totpSecret: DEMO_TOTP_SECRET,
      firstName: 'Avery',
      lastName: 'Chen',
    },
  ],
}
