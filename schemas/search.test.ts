import { describe, expect, it } from 'vitest'
import { redirectSearchSchema, safeRedirectPath } from './search.ts'

describe('redirect targets', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard?tab=1#cards', '/dashboard?tab=1#cards'],
    ['//evil.example', undefined],
    ['//evil.example/dashboard', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['dashboard', undefined],
    ['', undefined],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
    expect(redirectSearchSchema.parse({ redirect: value }).redirect).toBe(expected)
  })
})
