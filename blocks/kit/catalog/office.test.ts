import { describe, expect, it } from 'vitest'
import { clockTime, directionsUrl, hoursLines, miles } from './office.ts'

describe('office helpers', () => {
  it('reads a 24-hour time as a clock time', () => {
    expect(clockTime('08:00')).toBe('8:00 AM')
    expect(clockTime('12:30')).toBe('12:30 PM')
    expect(clockTime('00:15')).toBe('12:15 AM')
    expect(clockTime('17:30')).toBe('5:30 PM')
  })

  it('joins consecutive days with the same hours and keeps other days apart', () => {
    const weekday = (day: 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri') => ({ day, opens: '08:00', closes: '17:00' })
    const hours = [
      weekday('Mon'),
      weekday('Tue'),
      { day: 'Wed' as const, opens: '10:00', closes: '19:00' },
      weekday('Thu'),
      weekday('Fri'),
      { day: 'Sat' as const, opens: '09:00', closes: '13:00' },
    ]
    expect(hoursLines(hours)).toEqual([
      { days: 'Mon–Tue', daysLabel: 'Monday to Tuesday', time: '8:00 AM–5:00 PM' },
      { days: 'Wed', daysLabel: 'Wednesday', time: '10:00 AM–7:00 PM' },
      { days: 'Thu–Fri', daysLabel: 'Thursday to Friday', time: '8:00 AM–5:00 PM' },
      { days: 'Sat', daysLabel: 'Saturday', time: '9:00 AM–1:00 PM' },
    ])
  })

  it('does not join days across a closed day', () => {
    const hours = [
      { day: 'Fri' as const, opens: '08:00', closes: '12:00' },
      { day: 'Sun' as const, opens: '08:00', closes: '12:00' },
    ]
    expect(hoursLines(hours).map((line) => line.days)).toEqual(['Fri', 'Sun'])
  })

  it('links directions with the whole address encoded', () => {
    expect(
      directionsUrl({ address: { line: '9400 Brighton Way #2', city: 'Beverly Hills', state: 'CA', zip: '90210' } }),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=9400%20Brighton%20Way%20%232%2C%20Beverly%20Hills%2C%20CA%2090210',
    )
    expect(miles(1)).toBe('1 mile')
    expect(miles(12.345)).toBe('12.3 miles')
  })
})
