// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { answerByRoute, hookFrame } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemberInfo } from '#schemas/api/members.ts'
import { WithApiData } from '../kit/testing/api-data.tsx'
import { endedFixtures, memberFixture } from './fixtures.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { useJoinDialog } from './use-join-dialog.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const SiteFrame = hookFrame()
const Frame = ({ children }: { children: ReactNode }) => (
  <SiteFrame>
    <WithApiData entries={endedFixtures}>{children}</WithApiData>
  </SiteFrame>
)

const server = answerByRoute
const COUPON = 'GET /api/v4/coupon/validate'
const PURCHASE = 'POST /api/v4/member/purchaseSubscription'

const settings = dashboardSettingsSchema.parse({})
const info: MemberInfo = {
  ...memberFixture,
  subscription: { ...memberFixture.subscription!, status: 'expired', endsAt: '2026-11-05T08:00:00.000Z' },
}
function joining() {
  const onClose = vi.fn()
  const { result } = renderHook(() => useJoinDialog({ info, settings, onClose }), { wrapper: Frame })
  return { result, onClose }
}
const card = (token = 'tok_visa') => ({
  tokenize: () =>
    Promise.resolve({
      source: 'sandbox-card-fields' as const,
      type: 'token' as const,
      token,
      brand: 'Visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2030,
    }),
  focus: () => undefined,
})
const paid = {
  receipt: {
    id: 95,
    description: 'Family plan',
    amountCents: 3995,
    cardLast4: '4242',
    paidAt: '2026-11-20T10:00:00.000Z',
    refundedCents: 0,
  },
  subscription: { ...info.subscription!, status: 'active', endsAt: null },
}

describe('joining again from the dashboard', () => {
  it('starts at the plan, with the last office and plan chosen and their plans read', async () => {
    const { result } = joining()
    expect(result.current.step).toBe('plan')
    await waitFor(() => expect(result.current.plan?.name).toBe('Family'))
    expect(result.current.offices.map((office) => office.name)).toEqual(['Harbor Family Dental'])
  })

  it('asks for an office, then a plan, before going on', async () => {
    const { result } = joining()
    act(() => result.current.change({ officeId: 0, planId: 0 }))
    act(() => result.current.next())
    expect(result.current).toMatchObject({ step: 'plan', problem: 'join_choose_office' })
    act(() => result.current.change({ officeId: 12 }))
    act(() => result.current.next())
    expect(result.current).toMatchObject({ step: 'plan', problem: 'join_choose_plan' })
    act(() => result.current.change({ planId: 1 }))
    await waitFor(() => expect(result.current.plan?.name).toBe('Essential'))
    act(() => result.current.next())
    expect(result.current).toMatchObject({ step: 'family', problem: undefined })
  })

  it('checks a coupon before the family step: one that applies goes on', async () => {
    const calls = server({ [COUPON]: [200, { valid: true, message: 'SPRING: 20% off' }] })
    const { result } = joining()
    await waitFor(() => expect(result.current.plan).toBeDefined())
    act(() => result.current.change({ couponCode: ' spring ' }))
    act(() => result.current.next())
    await waitFor(() => expect(result.current.step).toBe('family'))
    expect(calls[0]?.path).toBe('/api/v4/coupon/validate?coupon=spring&plan_id=2&location_id=12')
  })

  it('checks a coupon before the family step: one that does not apply is said at its field', async () => {
    server({ [COUPON]: [200, { valid: false, message: 'SPRING has expired.' }] })
    const { result } = joining()
    await waitFor(() => expect(result.current.plan).toBeDefined())
    act(() => result.current.change({ couponCode: 'SPRING' }))
    act(() => result.current.next())
    await waitFor(() => expect(result.current.couponProblem).toBe('SPRING has expired.'))
    expect(result.current.step).toBe('plan')
    act(() => result.current.change({ couponCode: 'SUMMER' }))
    expect(result.current.couponProblem).toBeUndefined()
  })

  it('keeps the family added, and goes back a step', async () => {
    const { result } = joining()
    await waitFor(() => expect(result.current.plan).toBeDefined())
    act(() => result.current.next())
    act(() =>
      result.current.add({ firstName: 'Kim', lastName: 'Morgan', dateOfBirth: '2019-02-03', relationship: 'child' }),
    )
    act(() => result.current.next())
    expect(result.current.step).toBe('payment')
    expect(result.current.body.newDependents.map((person) => person.firstName)).toEqual(['Kim'])
    act(() => result.current.back())
    expect(result.current.step).toBe('family')
    expect(result.current.added).toHaveLength(1)
  })

  it('pays with the card’s token, the order and the renewal consent; then closes with a toast', async () => {
    const calls = server({ [PURCHASE]: [201, paid] })
    const { result, onClose } = joining()
    await waitFor(() => expect(result.current.plan).toBeDefined())
    act(() => result.current.next())
    act(() => result.current.next())
    result.current.card.current = card()
    act(() => result.current.pay())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(calls[0]?.body).toEqual({
      planId: 2,
      officeId: 12,
      billingCycle: 'monthly',
      newDependents: [],
      cardToken: 'tok_visa',
      idempotencyKey: expect.any(String) as unknown,
      autoRenewalConsent: true,
    })
    expect(await screen.findByText(/Welcome back\. Your Family membership is active/)).toBeTruthy()
  })

  it('declined: says why, stays open, and the next attempt is a new payment (a new key)', async () => {
    const calls = server({ [PURCHASE]: [402, { message: 'Your card was declined.' }] })
    const { result, onClose } = joining()
    await waitFor(() => expect(result.current.plan).toBeDefined())
    act(() => result.current.next())
    act(() => result.current.next())
    result.current.card.current = card()
    act(() => result.current.pay())
    await waitFor(() => expect(result.current.payError).toBe('Your card was declined.'))
    expect(result.current.busy).toBe(false)
    act(() => result.current.pay())
    await waitFor(() => expect(calls).toHaveLength(2))
    const keys = calls.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey)
    expect(keys[0]).not.toBe(keys[1])
    expect(onClose).not.toHaveBeenCalled()
  })
})
