import { describe, expect, it } from 'vitest'
import {
  cancellationOutcome,
  DEFAULT_POLICY,
  firstChargeableRenewal,
  graceEndsAt,
  lawfulChargeAt,
  membershipPolicySchema,
  nextRetryAt,
  renewalCharge,
  renewalNoticeAt,
  withinPrepaidTerm,
  type PaidPeriod,
} from './membership-policy.ts'
import { periodEnd } from './periods.ts'

const at = (iso: string) => new Date(iso)

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
    expect(periodEnd(at(anchor), cycle, periods).toISOString()).toBe(expected)
  })
})

describe('the policy’s defaults and bounds', () => {
  it('retries after 1, 3 and 7 days, then none; cover lasts through the last retry', () => {
    const declined = at('2026-03-01T00:00:00Z')
    expect(nextRetryAt(declined, 1, DEFAULT_POLICY)?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(nextRetryAt(declined, 2, DEFAULT_POLICY)?.toISOString()).toBe('2026-03-04T00:00:00.000Z')
    expect(nextRetryAt(declined, 3, DEFAULT_POLICY)?.toISOString()).toBe('2026-03-08T00:00:00.000Z')
    expect(nextRetryAt(declined, 4, DEFAULT_POLICY)).toBeUndefined()
    expect(graceEndsAt(declined, DEFAULT_POLICY).toISOString()).toBe('2026-03-08T00:00:00.000Z')
  })

  it('sends the annual notice 30 days before, and checks a monthly price 30 days before (the Terms’ promise)', () => {
    expect(renewalNoticeAt(at('2027-05-01T00:00:00Z'), 'annual', DEFAULT_POLICY).toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    )
    expect(renewalNoticeAt(at('2027-05-01T00:00:00Z'), 'monthly', DEFAULT_POLICY).toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    )
  })

  it.each([
    [{ annualNoticeDays: 14 }, 'annualNoticeDays'],
    [{ annualNoticeDays: 46 }, 'annualNoticeDays'],
    [{ priceNoticeDays: 61 }, 'priceNoticeDays'],
    [{ proRataStates: ['Arizona'] }, 'proRataStates'],
    [{ maxPrepaidMonthsByState: { AZ: 0 } }, 'maxPrepaidMonthsByState'],
  ])('refuses %j, naming %s', (policy, field) => {
    const parsed = membershipPolicySchema.safeParse(policy)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path[0]).toBe(field)
  })
})

describe('an annual renewal is charged only inside its notice’s window (15 to 45 days after it)', () => {
  const renewsAt = at('2027-05-01T00:00:00Z')
  it('a notice sent 30 days before: charged on the renewal date', () => {
    expect(lawfulChargeAt(renewsAt, at('2027-04-01T00:00:00Z'), renewsAt)).toEqual(renewsAt)
  })
  it('no notice: not charged', () => {
    expect(lawfulChargeAt(renewsAt, null, renewsAt)).toBeUndefined()
  })
  it('a notice sent 5 days before (a catch-up): charged 15 days after it', () => {
    expect(lawfulChargeAt(renewsAt, at('2027-04-26T00:00:00Z'), renewsAt)?.toISOString()).toBe(
      '2027-05-11T00:00:00.000Z',
    )
  })
  it('a notice sent 50 days before the charge would be made: too old, a new one is due', () => {
    expect(lawfulChargeAt(renewsAt, at('2027-03-01T00:00:00Z'), at('2027-05-01T00:00:00Z'))).toBeUndefined()
  })
})

describe('the price a member was told is the most a renewal charges', () => {
  const chargeDay = at('2027-05-01T00:00:00Z')
  it('a price raised after the notice: the told price', () => {
    const told = { cents: 39_900, appliesFrom: null }
    expect(renewalCharge({ currentCents: 42_900, chargeDay, told, prior: null })).toBe(39_900)
  })
  it('a higher price told for this renewal: the higher price', () => {
    const told = { cents: 42_900, appliesFrom: chargeDay }
    expect(renewalCharge({ currentCents: 42_900, chargeDay, told, prior: 39_900 })).toBe(42_900)
  })
  it('a higher price told for a later renewal: the price told before it, until then', () => {
    const told = { cents: 42_900, appliesFrom: at('2027-06-01T00:00:00Z') }
    expect(renewalCharge({ currentCents: 42_900, chargeDay, told, prior: 39_900 })).toBe(39_900)
  })
  it('a price lowered after the notice: the lower price', () => {
    const told = { cents: 39_900, appliesFrom: null }
    expect(renewalCharge({ currentCents: 35_000, chargeDay, told, prior: null })).toBe(35_000)
  })
  it('the first renewal a price told late applies to: the next one at least 30 days after the telling', () => {
    const startedAt = at('2026-01-31T00:00:00Z')
    // Told on 5 February, a monthly renewal on 28 February is too soon; 31 March is the first.
    expect(
      firstChargeableRenewal(
        startedAt,
        'monthly',
        at('2026-02-28T00:00:00Z'),
        at('2026-02-05T00:00:00Z'),
        DEFAULT_POLICY,
      ),
    ).toEqual(at('2026-03-31T00:00:00Z'))
    expect(
      firstChargeableRenewal(
        startedAt,
        'monthly',
        at('2026-02-28T00:00:00Z'),
        at('2026-01-20T00:00:00Z'),
        DEFAULT_POLICY,
      ),
    ).toEqual(at('2026-02-28T00:00:00Z'))
  })
})

describe('what cancelling does', () => {
  const period = (start: string, end: string, cents: number, extra: Partial<PaidPeriod> = {}): PaidPeriod => ({
    receiptId: cents,
    start: at(start),
    end: at(end),
    paidAt: at(start),
    leftCents: cents,
    feeCents: 0,
    ...extra,
  })
  const monthly = { state: 'active' as const, cycle: 'monthly' as const, memberState: 'CA' }
  const january = period('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 2995)

  it('within 30 days of the period’s payment: now, the payment back in full', () => {
    expect(
      cancellationOutcome({ ...monthly, now: at('2026-01-20T00:00:00Z'), periods: [january] }, DEFAULT_POLICY),
    ).toEqual({
      kind: 'now',
      reason: 'refund_window',
      endsAt: at('2026-01-20T00:00:00Z'),
      refunds: [{ receiptId: 2995, cents: 2995 }],
      refundCents: 2995,
    })
  })

  const year = period('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 24_000)
  it('after the window: at the period’s end, nothing back', () => {
    const outcome = cancellationOutcome(
      { ...monthly, cycle: 'annual', now: at('2026-03-15T00:00:00Z'), periods: [year] },
      DEFAULT_POLICY,
    )
    expect(outcome).toMatchObject({ kind: 'at_period_end', endsAt: year.end, refundCents: 0, refunds: [] })
  })

  it('an annual plan in Arizona after the window: now, the unearned whole months back, the enrollment fee kept', () => {
    const joined = { ...year, leftCents: 24_000 + 2_500, feeCents: 2_500 }
    // 15 March: January, February and March are used; 9 months of 12 come back.
    const outcome = cancellationOutcome(
      { ...monthly, cycle: 'annual', memberState: 'AZ', now: at('2026-03-15T00:00:00Z'), periods: [joined] },
      DEFAULT_POLICY,
    )
    expect(outcome).toMatchObject({ kind: 'now', reason: 'pro_rata', refundCents: 18_000 })
  })

  it('a year paid ahead in Arizona: that year back in full, and the current year’s unearned months', () => {
    const ahead = period('2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z', 24_000, {
      receiptId: 2,
      paidAt: at('2026-02-10T00:00:00Z'),
    })
    const outcome = cancellationOutcome(
      { ...monthly, cycle: 'annual', memberState: 'AZ', now: at('2026-03-15T00:00:00Z'), periods: [year, ahead] },
      DEFAULT_POLICY,
    )
    expect(outcome.refunds).toEqual([
      { receiptId: 24_000, cents: 18_000 },
      { receiptId: 2, cents: 24_000 },
    ])
    expect(outcome.refundCents).toBe(42_000)
  })

  it('a period paid ahead elsewhere: back in full now, cover to the current period’s end', () => {
    const ahead = period('2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', 2995, { receiptId: 7 })
    const outcome = cancellationOutcome(
      {
        ...monthly,
        now: at('2026-01-25T00:00:00Z'),
        periods: [{ ...january, paidAt: at('2025-12-01T00:00:00Z') }, ahead],
      },
      DEFAULT_POLICY,
    )
    expect(outcome).toMatchObject({
      kind: 'at_period_end',
      endsAt: january.end,
      refunds: [{ receiptId: 7, cents: 2995 }],
    })
  })

  it('a state’s own window overrides the tenant’s', () => {
    const policy = { ...DEFAULT_POLICY, refundWindowDaysByState: { CA: 10 } }
    expect(cancellationOutcome({ ...monthly, now: at('2026-01-20T00:00:00Z'), periods: [january] }, policy).kind).toBe(
      'at_period_end',
    )
  })

  it('past due: now, nothing to refund', () => {
    expect(
      cancellationOutcome(
        { ...monthly, state: 'past_due', now: at('2026-02-03T00:00:00Z'), periods: [january] },
        DEFAULT_POLICY,
      ),
    ).toMatchObject({ kind: 'now', reason: 'past_due', refundCents: 0 })
  })
})

describe('the longest prepaid term', () => {
  const now = at('2026-06-10T00:00:00Z')
  it('Arizona: 12 months from today', () => {
    expect(withinPrepaidTerm(at('2027-06-10T00:00:00Z'), now, 'AZ', DEFAULT_POLICY)).toBe(true)
    expect(withinPrepaidTerm(at('2027-06-11T00:00:00Z'), now, 'AZ', DEFAULT_POLICY)).toBe(false)
  })
  it('elsewhere: 24 months', () => {
    expect(withinPrepaidTerm(at('2028-01-01T00:00:00Z'), now, 'CA', DEFAULT_POLICY)).toBe(true)
    expect(withinPrepaidTerm(at('2028-07-01T00:00:00Z'), now, 'CA', DEFAULT_POLICY)).toBe(false)
  })
})

describe('notice is counted in calendar days', () => {
  it('a price told a minute into the day 30 days before applies to that renewal', () => {
    expect(
      firstChargeableRenewal(
        new Date('2026-05-01T00:00:00Z'),
        'monthly',
        new Date('2027-05-01T00:00:00Z'),
        new Date('2027-04-01T00:01:00Z'),
        DEFAULT_POLICY,
      ),
    ).toEqual(new Date('2027-05-01T00:00:00Z'))
  })
})
