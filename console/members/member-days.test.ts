import { describe, expect, it } from 'vitest'
import type { StaffMemberRecord } from '#schemas/api/members.ts'
import { historyLines, renewalToldFacts, zoneOf } from './put-right.tsx'
import { day, moment } from '../frame/page.tsx'

/** 9:30 pm on February 28 in California: March 1 in UTC. */
const lateEvening = '2027-03-01T05:30:00.000Z'

const subscription: NonNullable<StaffMemberRecord['subscription']> = {
  id: 3,
  planId: 101,
  planName: 'Essential',
  officeId: 1001,
  officeName: 'Harbor Family Dental',
  billingCycle: 'annual',
  status: 'ending',
  autoRenew: false,
  startedAt: lateEvening,
  renewsAt: '2028-03-01T05:30:00.000Z',
  endsAt: null,
  nextRetryAt: null,
  priceCents: 14_900,
  renewalCents: 14_900,
  timeZone: 'America/Los_Angeles',
}

const member = {
  subscription,
  history: [
    {
      at: lateEvening,
      event: 'joined' as const,
      by: 'checkout' as const,
      from: null,
      to: 'active' as const,
      chargedCents: 15_900,
      refundedCents: null,
      receiptId: 90,
    },
  ],
  writtenCancellations: [
    {
      requestedOn: '2027-03-10',
      recordedAt: '2027-03-12T06:00:00.000Z',
      outcome: 'at_period_end' as const,
      endsAt: '2028-03-01T05:30:00.000Z',
      refundCents: 0,
    },
  ],
  renewalTold: { amountCents: 14_900, at: lateEvening, by: 'joined' },
} satisfies Pick<StaffMemberRecord, 'subscription' | 'history' | 'writtenCancellations' | 'renewalTold'>

describe('a member’s dates in the console: the days the member sees, in their time zone', () => {
  it('shows an instant as the day it is where the member lives, and a calendar day as itself', () => {
    expect(day(lateEvening, 'America/Los_Angeles')).toBe('Feb 28, 2027')
    expect(day(lateEvening)).toBe('Mar 1, 2027')
    expect(day('1985-03-02', 'America/Los_Angeles')).toBe('Mar 2, 1985')
    expect(moment(lateEvening, 'America/Los_Angeles')).toBe('Feb 28, 2027, 9:30 PM PST')
  })

  it('reads the zone from the membership, UTC without one', () => {
    expect(zoneOf(member)).toBe('America/Los_Angeles')
    expect(zoneOf({ subscription: null })).toBe('UTC')
  })

  it('dates the history and the renewal price last told on the member’s days, the zone named', () => {
    expect(historyLines(member).map((line) => line.text)).toEqual([
      'Mar 11, 2027, 10:00 PM PST: written cancellation request dated Mar 10, 2027 recorded by staff (ends on Feb 29, 2028)',
      'Feb 28, 2027, 9:30 PM PST: joined by checkout, $159.00 charged',
    ])
    expect(renewalToldFacts(member)[0]).toEqual(['Renewal price last told', '$149.00 on Feb 28, 2027, when joining'])
  })
})
