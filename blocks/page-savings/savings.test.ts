import { describe, expect, it } from 'vitest'
import type { Plan } from '#schemas/api/directory.ts'
import { covers, yearlySaving } from './savings.ts'

const plan: Plan = {
  id: 1,
  name: 'Family',
  description: '',
  monthlyPriceCents: 2995,
  annualPriceCents: 29900,
  enrollmentFeeCents: 1000,
  maxDependents: 3,
  feeSchedule: [
    { code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 },
    { code: 'D2740', procedure: 'Porcelain crown', usualFeeCents: 135000, memberFeeCents: 87800 },
  ],
}

describe('the yearly saving', () => {
  it('is the fee difference of every procedure, less a year of membership for each person and the enrollment fee, to the cent', () => {
    expect(yearlySaving(plan, 4, { D1110: 8, D2740: 1 })).toEqual({
      usualCents: 8 * 11500 + 135000,
      memberCents: 8 * 7500 + 87800,
      membershipCents: 4 * 29900 + 1000,
      netCents: 8 * 4000 + 47200 - (4 * 29900 + 1000),
    })
  })

  it('is negative when the plan costs more than it saves', () => {
    expect(yearlySaving(plan, 1, {}).netCents).toBe(-(29900 + 1000))
  })

  it('knows how many people a plan covers', () => {
    expect(covers(plan, 4)).toBe(true)
    expect(covers(plan, 5)).toBe(false)
    expect(covers({ ...plan, maxDependents: 0 }, 1)).toBe(true)
  })
})
