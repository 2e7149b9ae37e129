import type { AnyApiQuery } from '#engine'
import type { MemberInfo } from '#schemas/api/members.ts'
import { officePlansQuery } from '../kit/catalog/office-queries.ts'
import { lifecycleQueries } from './lifecycle-queries.ts'
import { dashboardQueries, idCardQuery, joinOfficesQuery } from './queries.ts'

const office = {
  id: 12,
  name: 'Harbor Family Dental',
  address: { line: '12 Harbor Way', city: 'Long Beach', state: 'CA', zip: '90802' },
  latitude: 33.77,
  longitude: -118.19,
  phone: '5625550123',
  hours: [{ day: 'Mon' as const, opens: '08:00', closes: '17:00' }],
  acceptingNewPatients: true,
}

export const memberFixture: MemberInfo = {
  id: 41,
  memberNumber: 'STO0000041',
  email: 'alex@example.com',
  firstName: 'Alex',
  lastName: 'Morgan',
  phone: '5625550188',
  address: { line: '9 Pine St', city: 'Long Beach', state: 'CA', zip: '90802' },
  dateOfBirth: '1985-03-02',
  balanceCents: 1995,
  language: null,
  emailVerified: true,
  subscription: {
    id: 3,
    planId: 2,
    planName: 'Family',
    officeId: 12,
    officeName: office.name,
    billingCycle: 'monthly',
    status: 'active',
    autoRenew: true,
    startedAt: '2026-01-05T08:00:00.000Z',
    renewsAt: '2026-12-05T08:00:00.000Z',
    endsAt: null,
    nextRetryAt: null,
    priceCents: 5990,
    renewalCents: 5990,
    timeZone: 'America/Los_Angeles',
  },
  dependents: [
    { id: 7, firstName: 'Robin', lastName: 'Morgan', dateOfBirth: '2015-06-01', relationship: 'child', planId: null },
  ],
  paymentMethod: { brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2029 },
}

const plan = (id: number, name: string, monthly: number) => ({
  id,
  name,
  description: `${name} plan`,
  monthlyPriceCents: monthly,
  annualPriceCents: monthly * 10,
  enrollmentFeeCents: 1000,
  maxDependents: 5,
  feeSchedule: [],
})
const card = (name: string, number: string, relationship: string) => ({
  memberNumber: number,
  name,
  relationship,
  planName: 'Family',
  groupKey: 'story',
  effectiveDate: '2026-01-05',
  validThrough: '2026-12-05',
  officeName: office.name,
  customerServicePhone: office.phone,
})

/** The answers of every dashboard query for the fixture member. */
export const dashboardFixtures: readonly (readonly [AnyApiQuery, unknown])[] = [
  [dashboardQueries.info, memberFixture],
  [dashboardQueries.dependents, { dependents: memberFixture.dependents }],
  [dashboardQueries.balance, { balanceCents: 1995, nextChargeCents: 5990, nextChargeAt: '2026-12-05T08:00:00.000Z' }],
  [
    dashboardQueries.receipts,
    {
      receipts: [
        {
          id: 90,
          description: 'Family plan, monthly (2 members)',
          amountCents: 5990,
          cardLast4: '4242',
          paidAt: '2026-11-05T09:00:00.000Z',
          refundedCents: 0,
        },
      ],
    },
  ],
  [dashboardQueries.locations, { locations: [office] }],
  [joinOfficesQuery, { locations: [office] }],
  [dashboardQueries.plans, { plans: [plan(1, 'Essential', 1495), plan(2, 'Family', 2995), plan(3, 'Premier', 3995)] }],
  [idCardQuery(41, 'member'), card('Alex Morgan', 'STO0000041', 'member')],
  [idCardQuery(7, 'dependent'), card('Robin Morgan', 'STO0000041-01', 'child')],
]

/** The same account after its membership expired: the dashboard offers to join again (join.tsx). */
export const endedFixtures: readonly (readonly [AnyApiQuery, unknown])[] = [
  [
    dashboardQueries.info,
    {
      ...memberFixture,
      subscription: { ...memberFixture.subscription!, status: 'expired', endsAt: '2026-11-05T08:00:00.000Z' },
    },
  ],
  ...dashboardFixtures.slice(1),
  [officePlansQuery(office.id), { plans: [plan(1, 'Essential', 1495), plan(2, 'Family', 2995)] }],
]
type Subscription = NonNullable<MemberInfo['subscription']>

/**
 * The dashboard's answers for the fixture member in another state of their membership: the account
 * (and, for an ended one, the ID cards saying so from `endedOn`), with `extra` answers besides.
 */
export function membershipFixtures(
  change: Partial<Subscription>,
  endedOn: string | null = null,
  extra: readonly (readonly [AnyApiQuery, unknown])[] = [],
): readonly (readonly [AnyApiQuery, unknown])[] {
  const status = change.status ?? 'active'
  return [
    [dashboardQueries.info, { ...memberFixture, subscription: { ...memberFixture.subscription!, ...change } }],
    [idCardQuery(41, 'member'), { ...card('Alex Morgan', 'STO0000041', 'member'), status, endedOn }],
    [idCardQuery(7, 'dependent'), { ...card('Robin Morgan', 'STO0000041-01', 'child'), status, endedOn }],
    ...extra,
  ]
}

/** What cancelling would do for the fixture member today: within the refund window. */
export const refundQuoteFixture = [
  lifecycleQueries.cancellationQuote,
  { kind: 'now', reason: 'refund_window', refundCents: 5990, endsAt: '2026-11-27T10:00:00.000Z', cardLast4: '4242' },
] as const

/** The fixture member's history: joined, renewed, a declined renewal, then paid with a new card. */
export const historyFixture = [
  lifecycleQueries.history,
  {
    events: [
      {
        at: '2026-12-06T09:00:00.000Z',
        event: 'renewal_paid',
        by: 'member',
        from: 'past_due',
        to: 'active',
        chargedCents: 5990,
        refundedCents: null,
        receiptId: 92,
      },
      {
        at: '2026-12-05T06:00:00.000Z',
        event: 'renewal_declined',
        by: 'jobs',
        from: 'renewing',
        to: 'past_due',
        chargedCents: null,
        refundedCents: null,
        receiptId: null,
      },
      {
        at: '2026-02-05T06:00:00.000Z',
        event: 'renewal_paid',
        by: 'jobs',
        from: 'renewing',
        to: 'active',
        chargedCents: 5990,
        refundedCents: null,
        receiptId: 91,
      },
      {
        at: '2026-01-05T09:00:00.000Z',
        event: 'joined',
        by: 'checkout',
        from: null,
        to: 'active',
        chargedCents: 6990,
        refundedCents: null,
        receiptId: 90,
      },
    ],
  },
] as const
