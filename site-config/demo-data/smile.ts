import type { DemoDataInput } from '#schemas/demo-data.ts'
import { at, dentist as dds, hygienist as rdh, office, schedule } from './directory.ts'
import { feeSchedule, hours } from './fees.ts'
import { DEMO_TOTP_SECRET } from './carewell.ts'

/** Every co-op office's dentists belong to the cooperative. */
const CO_OP = 'Northwest Dental Cooperative'

/** The second demo tenant: a West Coast cooperative with five offices, two plans and its own content manager. */
export const smileDemo: DemoDataInput = {
  plans: [
    {
      id: 201,
      name: 'Smile Basic',
      description: 'Preventive care at member prices and 25% off treatment.',
      monthlyPriceCents: 1295,
      annualPriceCents: 12900,
      enrollmentFeeCents: 500,
      maxDependents: 0,
      feeSchedule: feeSchedule(25),
    },
    {
      id: 202,
      name: 'Smile Household',
      description: 'Up to five people, 40% off at every co-op office.',
      monthlyPriceCents: 2695,
      annualPriceCents: 26900,
      enrollmentFeeCents: 500,
      maxDependents: 4,
      feeSchedule: feeSchedule(40),
    },
  ],
  offices: [
    office(
      {
        id: 2001,
        name: 'Pearl District Dental Co-op',
        address: at('1120 NW Couch St', 'Portland', 'OR', '97209'),
        phone: '5035550121',
        hours: hours(['08:00', '18:00'], ['09:00', '13:00']),
        planIds: [201, 202],
        accessibility: ['Wheelchair accessible', 'Elevator'],
        staffLanguages: ['English', 'Swedish', 'Japanese'],
        group: CO_OP,
      },
      [
        dds(6001, 'Dr. Nora Lindqvist, DMD', 'General dentistry', ['English', 'Swedish']),
        dds(6002, 'Dr. Kenji Watanabe, DDS', 'Pediatric dentistry', ['English', 'Japanese']),
      ],
    ),
    office(
      {
        id: 2002,
        name: 'Capitol Hill Smiles',
        address: at('1500 E Pine St', 'Seattle', 'WA', '98122'),
        phone: '2065550163',
        hours: hours(['09:00', '17:00']),
        planIds: [201, 202],
        accessibility: ['Step-free entrance'],
        staffLanguages: ['English', 'Arabic', 'Amharic'],
        group: CO_OP,
      },
      [dds(6003, 'Dr. Fatima Haddad, DDS', 'General dentistry', ['English', 'Arabic'])],
    ),
    office(
      {
        id: 2003,
        name: 'Oakland Hills Dental',
        address: at('4200 Park Blvd', 'Oakland', 'CA', '94602'),
        phone: '5105550109',
        hours: hours(['08:30', '17:30']),
        planIds: [202],
        accessibility: ['Parking'],
        staffLanguages: ['English', 'Spanish'],
        group: CO_OP,
      },
      [dds(6004, 'Dr. Marcus Bell, DDS', 'Endodontics', ['English'])],
    ),
    office(
      {
        id: 2004,
        name: 'Ballard Dental Co-op',
        address: at('5300 Ballard Ave NW', 'Seattle', 'WA', '98107'),
        phone: '2065550104',
        hours: schedule('Tue-Sat 08:00-16:00'),
        planIds: [201, 202],
        accessibility: ['Wheelchair accessible', 'Step-free entrance', 'Accessible restroom'],
        staffLanguages: ['English', 'Norwegian'],
        group: CO_OP,
      },
      [
        dds(6005, 'Dr. Solveig Dahl, DDS', 'General dentistry', ['English', 'Norwegian']),
        rdh(6006, 'Marisol Vega, RDH', ['English', 'Spanish']),
      ],
    ),
    office(
      {
        id: 2005,
        name: 'Alberta Arts Dental',
        address: at('1500 NE Alberta St', 'Portland', 'OR', '97211'),
        phone: '5035550107',
        hours: schedule('Mon-Thu 07:30-17:30'),
        accepting: false,
        planIds: [202],
        accessibility: ['Step-free entrance', 'Parking'],
        staffLanguages: ['English', 'Vietnamese'],
        group: CO_OP,
      },
      [dds(6007, 'Dr. Bao Tran, DMD', 'Orthodontics', ['English', 'Vietnamese'])],
    ),
  ],
  coupons: [
    { code: 'COOP5', kind: 'fixed', amount: 500, expiresAt: null, planId: null, officeId: null },
    { code: 'HOUSEHOLD', kind: 'percent', amount: 10, expiresAt: null, planId: 202, officeId: null },
  ],
  accounts: [
    {
      email: 'editor@smile.demo.test',
      password: 'Demo-Editor-2026!',
      role: 'editor',
      totpSecret: DEMO_TOTP_SECRET,
      firstName: 'Robin',
      lastName: 'Okoye',
    },
  ],
}
