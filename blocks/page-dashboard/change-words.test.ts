import { describe, expect, it } from 'vitest'
import type { ChangeQuote } from '#schemas/api/members.ts'
import { changeWords, confirmWords } from './change-words.ts'
import { dashboardSettingsSchema } from './settings.ts'

const settings = dashboardSettingsSchema.parse({})
/** A Californian's Family plan for a year, with 275 of its 365 days left on 10 April 2027. */
const quote: ChangeQuote = {
  billingCycle: 'annual',
  currentCents: 14_900,
  newCents: 29_900,
  differenceCents: 15_000,
  dueNowCents: 11_301,
  paidThrough: '2028-01-11T05:30:00.000Z',
  daysLeft: 275,
  periodDays: 365,
  renewalCents: 29_900,
  renewsAt: '2028-01-11T05:30:00.000Z',
  cardLast4: '4242',
  timeZone: 'America/Los_Angeles',
}

describe('what a change says before it is confirmed', () => {
  it('a charge now for the days left, and the renewal after it, on the member’s days', () => {
    expect(changeWords(quote, settings, 'en')).toBe(
      '$113.01 is charged now to the card ending 4242, for the 275 days left of the time you have paid for (to January 10, 2028). From your renewal on January 10, 2028, you pay $299.00 a year.',
    )
    expect(confirmWords(quote, settings, 'Switch plan')).toBe('Pay $113.01')
  })
  it('a refund, confirmed by the change’s own button', () => {
    const refund = { ...quote, dueNowCents: -11_301, renewalCents: 14_900 }
    expect(changeWords(refund, settings, 'en')).toMatch(
      /^\$113\.01 is refunded now to the card ending 4242, for the 275 days/,
    )
    expect(confirmWords(refund, settings, 'Remove')).toBe('Remove')
  })
  it('nothing now on the last day, and no renewal when it is off', () => {
    expect(changeWords({ ...quote, dueNowCents: 0, daysLeft: 0 }, settings, 'en')).toBe(
      'From your renewal on January 10, 2028, you pay $299.00 a year.',
    )
    expect(changeWords({ ...quote, renewalCents: null, renewsAt: null }, settings, 'en')).toMatch(
      /\. Your membership does not renew: it ends on January 10, 2028\.$/,
    )
  })
})
