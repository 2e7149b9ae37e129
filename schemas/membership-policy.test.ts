import { describe, expect, it } from 'vitest'
import {
  cancellationOutcome,
  proRataChange,
  DEFAULT_POLICY,
  firstChargeableRenewal,
  graceEndsAt,
  lawfulChargeAt,
  membershipPolicySchema,
  nextRetryAt,
  renewalCharge,
  renewalNoticeAt,
  toldInTime,
  withinPrepaidTerm,
  type PaidPeriod,
} from './membership-policy.ts'
import { periodEnd } from './periods.ts'
import { dayIn, longDate } from './zoned-days.ts'

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
    expect(periodEnd(at(anchor), cycle, 'UTC', periods).toISOString()).toBe(expected)
  })
})

describe('the policy’s defaults and bounds', () => {
  it('retries after 1, 3 and 7 days, then none; cover lasts through the last retry', () => {
    const declined = at('2026-03-01T00:00:00Z')
    expect(nextRetryAt(declined, 1, DEFAULT_POLICY, 'UTC')?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(nextRetryAt(declined, 2, DEFAULT_POLICY, 'UTC')?.toISOString()).toBe('2026-03-04T00:00:00.000Z')
    expect(nextRetryAt(declined, 3, DEFAULT_POLICY, 'UTC')?.toISOString()).toBe('2026-03-08T00:00:00.000Z')
    expect(nextRetryAt(declined, 4, DEFAULT_POLICY, 'UTC')).toBeUndefined()
    expect(graceEndsAt(declined, DEFAULT_POLICY, 'UTC').toISOString()).toBe('2026-03-08T00:00:00.000Z')
  })

  it('sends the annual notice 30 days before, and checks a monthly price 30 days before (the Terms’ promise)', () => {
    expect(renewalNoticeAt(at('2027-05-01T00:00:00Z'), 'annual', DEFAULT_POLICY, 'UTC').toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    )
    expect(renewalNoticeAt(at('2027-05-01T00:00:00Z'), 'monthly', DEFAULT_POLICY, 'UTC').toISOString()).toBe(
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
        'UTC',
      ),
    ).toEqual(at('2026-03-31T00:00:00Z'))
    expect(
      firstChargeableRenewal(
        startedAt,
        'monthly',
        at('2026-02-28T00:00:00Z'),
        at('2026-01-20T00:00:00Z'),
        DEFAULT_POLICY,
        'UTC',
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
    paidCents: cents,
    leftCents: cents,
    feeCents: 0,
    ...extra,
  })
  const monthly = { state: 'active' as const, cycle: 'monthly' as const, memberState: 'CA', timeZone: 'UTC' }
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
    const joined = { ...year, paidCents: 24_000 + 2_500, leftCents: 24_000 + 2_500, feeCents: 2_500 }
    // 15 March: January, February and March are used; 9 months of 12 come back.
    const outcome = cancellationOutcome(
      { ...monthly, cycle: 'annual', memberState: 'AZ', now: at('2026-03-15T00:00:00Z'), periods: [joined] },
      DEFAULT_POLICY,
    )
    expect(outcome).toMatchObject({ kind: 'now', reason: 'pro_rata', refundCents: 18_000 })
  })

  it('an annual plan in Arizona refunded in part before (a cancellation before a reinstatement): only what is still owed', () => {
    const joined = { ...year, paidCents: 26_500, feeCents: 2_500 }
    const now = at('2026-06-15T00:00:00Z')
    const cancel = (leftCents: number) =>
      cancellationOutcome(
        { ...monthly, cycle: 'annual', memberState: 'AZ', now, periods: [{ ...joined, leftCents }] },
        DEFAULT_POLICY,
      ).refundCents
    // 15 June: six months used, six of 24,000 unearned: 12,000 owed in all.
    expect(cancel(26_500)).toBe(12_000)
    // 18,000 came back in March: nothing more is owed in June.
    expect(cancel(26_500 - 18_000)).toBe(0)
    // 10,000 came back before: 2,000 more.
    expect(cancel(26_500 - 10_000)).toBe(2_000)
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
    expect(withinPrepaidTerm(at('2027-06-10T00:00:00Z'), now, 'AZ', DEFAULT_POLICY, 'UTC')).toBe(true)
    expect(withinPrepaidTerm(at('2027-06-11T00:00:00Z'), now, 'AZ', DEFAULT_POLICY, 'UTC')).toBe(false)
  })
  it('elsewhere: 24 months', () => {
    expect(withinPrepaidTerm(at('2028-01-01T00:00:00Z'), now, 'CA', DEFAULT_POLICY, 'UTC')).toBe(true)
    expect(withinPrepaidTerm(at('2028-07-01T00:00:00Z'), now, 'CA', DEFAULT_POLICY, 'UTC')).toBe(false)
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
        'UTC',
      ),
    ).toEqual(new Date('2027-05-01T00:00:00Z'))
  })
})

describe('a membership’s days are the member’s (their state’s time zone)', () => {
  const LA = 'America/Los_Angeles'
  // 9:30 pm on 28 February 2027 in California: 1 March in UTC.
  const joined = at('2027-03-01T05:30:00Z')

  it('a Californian joining at 9:30 pm on 28 February renews on 28 February, at 9:30 pm there', () => {
    expect(dayIn(joined, LA)).toBe('2027-02-28')
    const annual = periodEnd(joined, 'annual', LA)
    expect(dayIn(annual, LA)).toBe('2028-02-28')
    expect(annual.toISOString()).toBe('2028-02-29T05:30:00.000Z')
    // Counted in UTC, it would renew on 1 March there: the evening of 29 February in California.
    expect(dayIn(periodEnd(joined, 'annual', 'UTC'), LA)).toBe('2028-02-29')
    expect(longDate(annual, LA)).toBe('February 28, 2028')
  })

  it('monthly: the 28th of each month at 9:30 pm, through daylight saving', () => {
    const renewals = [1, 2, 3, 9].map((months) => periodEnd(joined, 'monthly', LA, months))
    expect(renewals.map((renewal) => dayIn(renewal, LA))).toEqual([
      '2027-03-28',
      '2027-04-28',
      '2027-05-28',
      '2027-11-28',
    ])
    // Pacific daylight time from 14 March: the same 9:30 pm is an hour earlier in UTC.
    expect(renewals[0]!.toISOString()).toBe('2027-03-29T04:30:00.000Z')
    expect(renewals[3]!.toISOString()).toBe('2027-11-29T05:30:00.000Z')
  })

  it('retries and grace count the member’s days', () => {
    const renewal = at('2027-03-13T05:30:00Z') // 9:30 pm on 12 March, Pacific standard time
    expect(nextRetryAt(renewal, 3, DEFAULT_POLICY, LA)?.toISOString()).toBe('2027-03-20T04:30:00.000Z')
    expect(dayIn(graceEndsAt(renewal, DEFAULT_POLICY, LA), LA)).toBe('2027-03-19')
  })

  it('the refund window runs to the end of its 30th day there', () => {
    const period: PaidPeriod = {
      receiptId: 1,
      start: joined,
      end: periodEnd(joined, 'annual', LA),
      paidAt: joined,
      paidCents: 29_900,
      leftCents: 29_900,
      feeCents: 0,
    }
    const outcome = (now: string) =>
      cancellationOutcome(
        { state: 'active', cycle: 'annual', memberState: 'CA', timeZone: LA, now: at(now), periods: [period] },
        DEFAULT_POLICY,
      ).reason
    // 30 March, 11:00 pm in California (31 March in UTC): day 30, refunded.
    expect(outcome('2027-03-31T06:00:00Z')).toBe('refund_window')
    // 31 March, 00:30 there: day 31, too late.
    expect(outcome('2027-03-31T07:30:00Z')).toBe('period_end')
  })

  it('a notice on 29 January in California is 30 days before a renewal on 28 February there', () => {
    const renewal = periodEnd(at('2026-03-01T05:30:00Z'), 'annual', LA)
    expect(toldInTime(at('2027-01-30T06:00:00Z'), renewal, 30, LA)).toBe(true) // 29 January, 10 pm there
    expect(toldInTime(at('2027-01-30T09:00:00Z'), renewal, 30, LA)).toBe(false) // 30 January, 1 am there
  })
})

describe('a change mid-term is priced for the paid days left', () => {
  const year = { periodStart: at('2027-01-10T18:00:00Z'), periodEnd: at('2028-01-10T18:00:00Z') }
  it('a year’s difference for the days left of 365, to the cent; a lower price is a refund', () => {
    const change = { ...year, paidThrough: year.periodEnd, now: at('2027-04-10T18:00:00Z'), timeZone: 'UTC' }
    expect(proRataChange({ ...change, differenceCents: 15_000 })).toEqual({
      dueNowCents: 11_301,
      daysLeft: 275,
      periodDays: 365,
    })
    expect(proRataChange({ ...change, differenceCents: -15_000 }).dueNowCents).toBe(-11_301)
  })
  it('counts the member’s days: 9:30 pm in California on the 9th is still the 9th there', () => {
    const change = { ...year, paidThrough: year.periodEnd, differenceCents: 36_500 }
    const evening = at('2027-04-10T04:30:00Z')
    expect(proRataChange({ ...change, now: evening, timeZone: 'America/Los_Angeles' }).daysLeft).toBe(276)
    expect(proRataChange({ ...change, now: evening, timeZone: 'UTC' }).daysLeft).toBe(275)
  })
  it('nothing is due on the last day, or after a period paid ahead ends (days left are never below 0)', () => {
    const change = { ...year, paidThrough: year.periodEnd, differenceCents: 15_000, timeZone: 'UTC' }
    expect(proRataChange({ ...change, now: at('2028-01-10T08:00:00Z') }).dueNowCents).toBe(0)
    expect(proRataChange({ ...change, now: at('2028-02-10T08:00:00Z') })).toMatchObject({ dueNowCents: 0, daysLeft: 0 })
  })
})
