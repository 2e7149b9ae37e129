import { describe, expect, it } from 'vitest'
import { formatPhone, phoneHref } from './phone.ts'

describe('phone numbers', () => {
  it.each([
    ['8005550142', '(800) 555-0142'],
    ['800-555-0142', '(800) 555-0142'],
    ['(800) 555 0142', '(800) 555-0142'],
    ['800.555.0142', '(800) 555-0142'],
    ['+1 800 555 0142', '+1 800 555 0142'],
    ['555-0142', '555-0142'],
    ['  1-800-DENTIST ', '1-800-DENTIST'],
  ])('shows %j as %j (ten digits are formatted, others left as written)', (input, shown) => {
    expect(formatPhone(input)).toBe(shown)
  })

  it('dials the digits only', () => {
    expect(phoneHref('(800) 555-0142')).toBe('tel:8005550142')
    expect(phoneHref('+1 800 555 0142')).toBe('tel:18005550142')
  })
})
