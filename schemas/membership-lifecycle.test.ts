import { describe, expect, it } from 'vitest'
import {
  cancellationOutcome,
  DEFAULT_LIFECYCLE_RULES,
  InvalidTransition,
  lifecycleRulesSchema,
  MEMBERSHIP_EVENTS,
  nextRetryAt,
  periodEnd,
  renewalNoticeAt,
  transition,
  type MembershipEvent,
} from './membership-lifecycle.ts'
import { MEMBERSHIP_STATES, type MembershipState } from './membership-states.ts'

/** Every state and event: where it goes, or `—` where the model refuses it. Written out, not derived. */
const TABLE: Record<MembershipState, Record<MembershipEvent, MembershipState | '—'>> = {
  active: {
    renewal_due: 'renewing',
    renewal_paid: '—',
    renewal_declined: '—',
    retries_exhausted: '—',
    ending_scheduled: 'ending',
    reinstated: '—',
    cancelled: 'cancelled',
    period_ended: '—',
  },
  renewing: {
    renewal_due: '—',
    renewal_paid: 'active',
    renewal_declined: 'past_due',
    retries_exhausted: '—',
    ending_scheduled: '—',
    reinstated: '—',
    cancelled: '—',
    period_ended: '—',
  },
  past_due: {
    renewal_due: '—',
    renewal_paid: 'active',
    renewal_declined: 'past_due',
    retries_exhausted: 'expired',
    ending_scheduled: '—',
    reinstated: '—',
    cancelled: 'cancelled',
    period_ended: '—',
  },
  ending: {
    renewal_due: '—',
    renewal_paid: '—',
    renewal_declined: '—',
    retries_exhausted: '—',
    ending_scheduled: '—',
    reinstated: 'active',
    cancelled: 'cancelled',
    period_ended: 'expired',
  },
  cancelled: Object.fromEntries(MEMBERSHIP_EVENTS.map((event) => [event, '—'])) as Record<MembershipEvent, '—'>,
  expired: Object.fromEntries(MEMBERSHIP_EVENTS.map((event) => [event, '—'])) as Record<MembershipEvent, '—'>,
}

describe('the membership’s transitions', () => {
  const rows = MEMBERSHIP_STATES.flatMap((state) =>
    MEMBERSHIP_EVENTS.map((event) => [state, event, TABLE[state][event]] as const),
  )
  it('has a row for every state and event', () => {
    expect(rows).toHaveLength(MEMBERSHIP_STATES.length * MEMBERSHIP_EVENTS.length)
  })
  it.each(rows)('%s + %s → %s', (state, event, expected) => {
    if (expected === '—') {
      expect(() => transition(state, event)).toThrow(InvalidTransition)
      expect(() => transition(state, event)).toThrow(/cannot be/)
    } else expect(transition(state, event)).toBe(expected)
  })
})

describe('billing periods', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 'monthly', 1, '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 'monthly', 1, '2026-02-28T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 'monthly', 2, '2026-03-31T10:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 'monthly', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-12-20T00:00:00Z', 'monthly', 1, '2027-01-20T00:00:00.000Z'],
    ['2028-02-29T00:00:00Z', 'annual', 1, '2029-02-28T00:00:00.000Z'],
    ['2026-05-01T00:00:00Z', 'annual', 3, '2029-05-01T00:00:00.000Z'],
  ] as const)('%s + %s × %i = %s', (anchor, cycle, periods, expected) => {
    expect(periodEnd(new Date(anchor), cycle, periods).toISOString()).toBe(expected)
  })

  it('retries after 1, 3 and 7 days by default, then none', () => {
    const declined = new Date('2026-03-01T00:00:00Z')
    expect(nextRetryAt(declined, 1, DEFAULT_LIFECYCLE_RULES)?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(nextRetryAt(declined, 2, DEFAULT_LIFECYCLE_RULES)?.toISOString()).toBe('2026-03-04T00:00:00.000Z')
    expect(nextRetryAt(declined, 3, DEFAULT_LIFECYCLE_RULES)?.toISOString()).toBe('2026-03-08T00:00:00.000Z')
    expect(nextRetryAt(declined, 4, DEFAULT_LIFECYCLE_RULES)).toBeUndefined()
  })

  it('sends the annual notice 30 days before the renewal by default', () => {
    expect(renewalNoticeAt(new Date('2027-05-01T00:00:00Z'), 'annual', DEFAULT_LIFECYCLE_RULES).toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    )
  })

  it('checks a monthly renewal’s price 14 days before it by default, and refuses a notice outside 15 to 45 days for annual plans', () => {
    expect(renewalNoticeAt(new Date('2027-05-01T00:00:00Z'), 'monthly', DEFAULT_LIFECYCLE_RULES).toISOString()).toBe(
      '2027-04-17T00:00:00.000Z',
    )
    expect(lifecycleRulesSchema.safeParse({ annualNoticeDays: 14 }).success).toBe(false)
    expect(lifecycleRulesSchema.safeParse({ annualNoticeDays: 46 }).success).toBe(false)
    expect(lifecycleRulesSchema.safeParse({ priceNoticeDays: 29 }).success).toBe(false)
  })
})

describe('what cancelling does', () => {
  const base = {
    state: 'active' as const,
    cycle: 'monthly' as const,
    memberState: 'CA',
    periodStart: new Date('2026-01-01T00:00:00Z'),
    periodEnd: new Date('2026-02-01T00:00:00Z'),
    lastPaymentCents: 2995,
  }
  it('within 30 days of the last payment: now, the payment back in full', () => {
    expect(cancellationOutcome({ ...base, now: new Date('2026-01-20T00:00:00Z') }, DEFAULT_LIFECYCLE_RULES)).toEqual({
      kind: 'now',
      refundCents: 2995,
      reason: 'refund_window',
    })
  })
  it('after the window: at the period’s end, nothing back', () => {
    const annual = { ...base, cycle: 'annual' as const, periodEnd: new Date('2027-01-01T00:00:00Z') }
    expect(cancellationOutcome({ ...annual, now: new Date('2026-03-15T00:00:00Z') }, DEFAULT_LIFECYCLE_RULES)).toEqual({
      kind: 'at_period_end',
      endsAt: annual.periodEnd,
    })
  })
  it('an annual plan in Arizona after the window: now, the unearned whole months back', () => {
    const annual = {
      ...base,
      cycle: 'annual' as const,
      memberState: 'AZ',
      periodEnd: new Date('2027-01-01T00:00:00Z'),
      lastPaymentCents: 24_000,
    }
    // 15 March: January, February and March are used; 9 months of 12 come back.
    expect(cancellationOutcome({ ...annual, now: new Date('2026-03-15T00:00:00Z') }, DEFAULT_LIFECYCLE_RULES)).toEqual({
      kind: 'now',
      refundCents: 18_000,
      reason: 'pro_rata',
    })
  })
  it('a state’s own window overrides the tenant’s', () => {
    const rules = { ...DEFAULT_LIFECYCLE_RULES, refundWindowDaysByState: { CA: 10 } }
    expect(cancellationOutcome({ ...base, now: new Date('2026-01-20T00:00:00Z') }, rules).kind).toBe('at_period_end')
  })
  it('past due: now, nothing to refund', () => {
    expect(
      cancellationOutcome(
        { ...base, state: 'past_due', now: new Date('2026-02-03T00:00:00Z') },
        DEFAULT_LIFECYCLE_RULES,
      ),
    ).toEqual({ kind: 'now', refundCents: 0, reason: 'past_due' })
  })
})
