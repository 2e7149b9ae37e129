import { describe, expect, it } from 'vitest'
import { addCalendarDays, grievanceDueDates } from './grievance-deadlines.ts'

const day = (date: Date) => date.toISOString().slice(0, 10)

describe('a grievance’s due dates (H&S §1368.01: acknowledged in 5 calendar days, resolved in 30, urgent in 3)', () => {
  it.each([
    // filed at (UTC)          urgent  acknowledge by  resolve by    ack days  resolve days
    ['2026-11-02T09:30:00Z', false, '2026-11-07', '2026-12-02', 5, 30],
    ['2026-11-02T09:30:00Z', true, '2026-11-05', '2026-11-05', 3, 3],
    // Across a month's end, a year's end, February and a leap day.
    ['2026-01-29T12:00:00Z', false, '2026-02-03', '2026-02-28', 5, 30],
    ['2026-01-31T23:59:59Z', false, '2026-02-05', '2026-03-02', 5, 30],
    ['2026-02-27T08:00:00Z', true, '2026-03-02', '2026-03-02', 3, 3],
    ['2028-02-27T08:00:00Z', true, '2028-03-01', '2028-03-01', 3, 3],
    ['2028-02-10T08:00:00Z', false, '2028-02-15', '2028-03-11', 5, 30],
    ['2026-12-30T16:00:00Z', false, '2027-01-04', '2027-01-29', 5, 30],
    ['2026-12-30T16:00:00Z', true, '2027-01-02', '2027-01-02', 3, 3],
    // California's daylight saving ends on November 1, 2026: calendar days, not 24-hour steps in local time.
    ['2026-10-31T20:00:00Z', false, '2026-11-05', '2026-11-30', 5, 30],
  ] as const)(
    'filed %s (urgent: %s): acknowledged by %s, resolved by %s',
    (filed, urgent, ack, resolve, ackDays, resolveDays) => {
      const due = grievanceDueDates(new Date(filed), urgent)
      expect({ ...due, acknowledgeBy: day(due.acknowledgeBy), resolveBy: day(due.resolveBy) }).toEqual({
        acknowledgeDays: ackDays,
        resolveDays,
        acknowledgeBy: ack,
        resolveBy: resolve,
      })
      // The same time of day as the filing: the clock runs out at the end of the due date's filing hour.
      expect(due.resolveBy.toISOString().slice(10)).toBe(filed.slice(10).replace('Z', '.000Z'))
    },
  )

  it('takes the configured limits, and never asks for an acknowledgement after the decision', () => {
    const filed = new Date('2026-03-30T10:00:00Z')
    const limits = { acknowledgeDays: 7, resolveDays: 45, urgentDays: 2 }
    expect(day(grievanceDueDates(filed, false, limits).acknowledgeBy)).toBe('2026-04-06')
    expect(day(grievanceDueDates(filed, false, limits).resolveBy)).toBe('2026-05-14')
    const urgent = grievanceDueDates(filed, true, limits)
    expect([urgent.acknowledgeDays, day(urgent.acknowledgeBy), day(urgent.resolveBy)]).toEqual([
      2,
      '2026-04-01',
      '2026-04-01',
    ])
  })

  it('adds calendar days without moving the time of day', () => {
    expect(addCalendarDays(new Date('2026-03-31T06:15:00Z'), 1).toISOString()).toBe('2026-04-01T06:15:00.000Z')
    expect(addCalendarDays(new Date('2026-03-31T06:15:00Z'), 0).toISOString()).toBe('2026-03-31T06:15:00.000Z')
  })
})
