import { describe, expect, it } from 'vitest'
import { addDays, dayIn, longDate, shortDate, startOfDay } from './zoned-days.ts'

describe('calendar days in a time zone', () => {
  it('9:30 pm on 28 February in California is 28 February there, 1 March in UTC', () => {
    const instant = new Date('2027-03-01T05:30:00Z')
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2027-02-28')
    expect(dayIn(instant, 'UTC')).toBe('2027-03-01')
  })
  it.each([
    ['2027-01-15', 'America/Los_Angeles', '2027-01-15T08:00:00.000Z'],
    ['2027-07-15', 'America/Los_Angeles', '2027-07-15T07:00:00.000Z'],
    ['2027-07-15', 'America/Phoenix', '2027-07-15T07:00:00.000Z'],
    ['2027-01-15', 'America/Phoenix', '2027-01-15T07:00:00.000Z'],
    ['2027-03-14', 'America/Los_Angeles', '2027-03-14T08:00:00.000Z'],
    ['2027-11-07', 'America/Los_Angeles', '2027-11-07T07:00:00.000Z'],
  ])('%s begins in %s at %s (daylight saving counted)', (day, zone, iso) => {
    expect(startOfDay(day, zone).toISOString()).toBe(iso)
    expect(dayIn(startOfDay(day, zone), zone)).toBe(day)
  })
  it('adds calendar days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2027-12-20', 30)).toBe('2028-01-19')
  })
})

describe('dates written in the page’s language', () => {
  // 9:30 pm on 28 February in California: the member's day, in their zone, in each language.
  const instant = new Date('2027-03-01T05:30:00Z')
  it.each([
    ['en', 'February 28, 2027', '02/28/27'],
    ['es', '28 de febrero de 2027', '28/02/27'],
    ['vi', '28 tháng 2, 2027', '28/02/27'],
  ])('%s: %s, short %s', (language, long, short) => {
    expect(longDate(instant, 'America/Los_Angeles', language)).toBe(long)
    expect(shortDate(instant, 'America/Los_Angeles', language)).toBe(short)
  })
  it('a calendar day is itself in any zone and language; a Persian page keeps the Gregorian calendar of the plan’s dates', () => {
    expect(longDate('2027-02-28', 'Pacific/Kiritimati', 'es')).toBe('28 de febrero de 2027')
    expect(shortDate('2027-02-28', 'Pacific/Kiritimati')).toBe('02/28/27')
    expect(longDate('2027-02-28', 'UTC', 'fa')).toMatch(/۲۰۲۷/)
  })
  it('a language published with its own region (es-419, pt-br, zh-hant) writes dates too, as the plan’s country does', () => {
    expect(longDate('2027-02-28', 'UTC', 'es-419')).toBe('28 de febrero de 2027')
    expect(shortDate('2027-02-28', 'UTC', 'pt-br')).toBe('28/02/27')
    expect(longDate('2027-02-28', 'UTC', 'zh-hant')).toBe('2027年2月28日')
  })
})
