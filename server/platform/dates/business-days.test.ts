import { describe, expect, it } from 'vitest'
import { addBusinessDays, businessDaysLeft } from './business-days.ts'

describe('business days (§1367.27(e)’s clock: Monday to Friday, UTC)', () => {
  it.each([
    ['2027-02-01T10:00:00Z', 30, '2027-03-15T10:00:00.000Z'], // a Monday: six weeks on
    ['2027-02-05T23:30:00Z', 1, '2027-02-08T23:30:00.000Z'], // a Friday: the next Monday
    ['2027-02-06T08:00:00Z', 1, '2027-02-08T08:00:00.000Z'], // a Saturday: the next Monday
    ['2026-11-23T12:00:00Z', 30, '2027-01-04T12:00:00.000Z'], // holidays are business days (no list yet)
  ])('%s plus %i business days is %s', (from, days, expected) => {
    expect(addBusinessDays(new Date(from), days).toISOString()).toBe(expected)
  })

  it.each([
    ['2027-03-15T23:00:00Z', '2027-03-15T10:00:00Z', 0, 'on the due day, past its hour'],
    ['2027-02-04T09:00:00Z', '2027-03-15T10:00:00Z', 27, 'from a Thursday'],
    ['2027-03-13T09:00:00Z', '2027-03-15T10:00:00Z', 1, 'on the Saturday before a Monday'],
    ['2027-03-16T09:00:00Z', '2027-03-15T10:00:00Z', -1, 'the day after'],
    ['2027-03-22T09:00:00Z', '2027-03-19T10:00:00Z', -1, 'the Monday after a Friday'],
    ['2027-03-21T09:00:00Z', '2027-03-19T10:00:00Z', 0, 'the Sunday after a Friday'],
  ])('at %s, %s is %i business days away (%s)', (now, by, left) => {
    expect(businessDaysLeft(new Date(now), new Date(by))).toBe(left)
  })
})
