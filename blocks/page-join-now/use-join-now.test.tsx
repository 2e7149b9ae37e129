// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { answerByRoute, hookFrame, type Call } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from '#engine'
import { sampleCheckout, samplePlans } from '../kit/testing/catalog-fixtures.ts'
import { offeredPlans, STARTED, useCheckoutInProgress, usePlanChoice } from './use-join-now.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const Frame = hookFrame('/join-now')

const server = answerByRoute
const STATE = 'GET /api/km/checkout/account'
const START = 'POST /api/km/checkout/temp_token'
const CHOOSE = 'PUT /api/km/checkout/member/plan'
const token = { token: 'checkout-token', expiresAt: '2026-11-05T10:00:00.000Z' }
const family = samplePlans.find((plan) => plan.name === 'Family')!

const choosing = () =>
  renderHook(() => ({ choice: usePlanChoice(1001, 'annual'), path: useLocation().pathname }), { wrapper: Frame }).result
const sent = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`)

describe('choosing a plan on the join page', () => {
  it('without a checkout here: starts one, remembers it, chooses the plan for the office and period, then goes to the checkout', async () => {
    const calls = server({ [START]: [201, token], [CHOOSE]: [200, sampleCheckout] })
    const result = choosing()
    act(() => result.current.choice.choose(family))
    await waitFor(() => expect(result.current.choice.pending).toBe(family.id))
    await waitFor(() => expect(result.current.path).toBe('/checkout'))
    expect(sent(calls)).toEqual([START, CHOOSE])
    expect(calls[1]?.body).toEqual({ planId: family.id, officeId: 1001, billingCycle: 'annual' })
    expect(window.localStorage.getItem(STARTED)).not.toBeNull()
    // Until the checkout's page has replaced this one, no other plan is taken.
    expect(result.current.choice.pending).toBe(family.id)
  })

  it('with a checkout under way here: changes its plan, keeping its account and members', async () => {
    window.localStorage.setItem(STARTED, '2026-11-05T09:00:00.000Z')
    const calls = server({ [STATE]: [200, sampleCheckout], [CHOOSE]: [200, sampleCheckout] })
    const result = choosing()
    act(() => result.current.choice.choose(family))
    await waitFor(() => expect(result.current.path).toBe('/checkout'))
    expect(sent(calls)).toEqual([STATE, CHOOSE])
  })

  it('with a completed checkout here: starts a new one', async () => {
    window.localStorage.setItem(STARTED, '2026-11-05T09:00:00.000Z')
    const calls = server({
      [STATE]: [200, { ...sampleCheckout, step: 'completed' }],
      [START]: [201, token],
      [CHOOSE]: [200, sampleCheckout],
    })
    const result = choosing()
    act(() => result.current.choice.choose(family))
    await waitFor(() => expect(result.current.path).toBe('/checkout'))
    expect(sent(calls)).toEqual([STATE, START, CHOOSE])
  })

  it('takes one choice at a time', async () => {
    const calls = server({ [START]: [201, token], [CHOOSE]: [200, sampleCheckout] })
    const result = choosing()
    act(() => result.current.choice.choose(family))
    await waitFor(() => expect(result.current.choice.pending).toBe(family.id))
    act(() => result.current.choice.choose(samplePlans[0]!))
    await waitFor(() => expect(result.current.path).toBe('/checkout'))
    expect(sent(calls)).toEqual([START, CHOOSE])
  })

  it('refused: says why, stays on the page, and another plan may be chosen', async () => {
    const calls = server({
      [START]: [201, token],
      [CHOOSE]: [409, { message: 'This office no longer offers the Family plan.' }],
    })
    const result = choosing()
    act(() => result.current.choice.choose(family))
    await waitFor(() => expect(result.current.choice.problem).toBe('This office no longer offers the Family plan.'))
    expect(result.current.choice.pending).toBeUndefined()
    expect(result.current.path).toBe('/join-now')
    act(() => result.current.choice.choose(samplePlans[0]!))
    await waitFor(() => expect(sent(calls).filter((call) => call === CHOOSE)).toHaveLength(2))
  })
})

describe('a checkout under way', () => {
  const inProgress = () => renderHook(() => useCheckoutInProgress(), { wrapper: Frame }).result

  it('is not asked of the server by a browser that started none', async () => {
    const calls = server({ [STATE]: [200, sampleCheckout] })
    const result = inProgress()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(result.current).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('is named by its plan and office', async () => {
    window.localStorage.setItem(STARTED, '2026-11-05T09:00:00.000Z')
    server({ [STATE]: [200, sampleCheckout] })
    const result = inProgress()
    await waitFor(() => expect(result.current).toEqual({ plan: 'Family', office: 'Beverly Hills Family Dentistry' }))
  })

  it('is none once completed', async () => {
    window.localStorage.setItem(STARTED, '2026-11-05T09:00:00.000Z')
    const calls = server({ [STATE]: [200, { ...sampleCheckout, step: 'completed' }] })
    const result = inProgress()
    await waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current).toBeUndefined()
  })
})

describe('the plans offered', () => {
  it('are those the site lists, or every plan of the office when it lists none', () => {
    expect(offeredPlans(samplePlans, [family.id]).map((plan) => plan.name)).toEqual(['Family'])
    expect(offeredPlans(samplePlans, [])).toEqual(samplePlans)
  })
})
