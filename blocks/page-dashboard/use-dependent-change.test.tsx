// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { hookFrame, answerByRoute } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChangeQuote, Dependent } from '#schemas/api/members.ts'
import { costsNothing, householdChange, quoteToConfirm, useDependentChange } from './use-dependent-change.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Frame = hookFrame()

const server = answerByRoute
const QUOTE = 'POST /api/v4/member/householdQuote'
const ADD = 'POST /api/v4/member/dependents'
const UPDATE = 'PUT /api/v4/member/dependents/7'

const quote = (dueNowCents: number, differenceCents: number): ChangeQuote => ({
  billingCycle: 'monthly',
  currentCents: 5990,
  newCents: 5990 + differenceCents,
  differenceCents,
  dueNowCents,
  paidThrough: '2026-12-05',
  daysLeft: 15,
  periodDays: 30,
  renewalCents: 5990 + differenceCents,
  renewsAt: '2026-12-05T08:00:00.000Z',
  cardLast4: '4242',
  timeZone: 'America/Los_Angeles',
})
const robin: Dependent = {
  id: 7,
  firstName: 'Robin',
  lastName: 'Morgan',
  dateOfBirth: '2015-06-01',
  relationship: 'child',
  planId: null,
}
const kim = {
  id: 8,
  firstName: 'Kim',
  lastName: 'Morgan',
  dateOfBirth: '2019-02-03',
  relationship: 'child',
  planId: null,
}

function changing(dependent?: Dependent) {
  const onClose = vi.fn()
  const { result } = renderHook(() => useDependentChange({ dependent, onClose }), { wrapper: Frame })
  return { result, onClose }
}
type Result = ReturnType<typeof changing>['result']
function typeKim(result: Result) {
  result.current.form.setValue('firstName', 'Kim')
  result.current.form.setValue('lastName', 'Morgan')
  result.current.form.setValue('dateOfBirth', '2019-02-03')
}

describe('adding or editing a dependent', () => {
  it('saves at once a change that costs nothing, now or at renewal', async () => {
    const calls = server({ [QUOTE]: [200, quote(0, 0)], [UPDATE]: [200, robin] })
    const { result, onClose } = changing(robin)
    result.current.form.setValue('firstName', 'Robyn')
    await act(() => result.current.submit())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([QUOTE, UPDATE])
    expect(calls[0]?.body).toMatchObject({ change: 'update', id: 7, dependent: { firstName: 'Robyn' } })
    expect(calls[1]?.body).toMatchObject({ firstName: 'Robyn', confirmedCents: 0 })
  })

  it('shows the price of a change that moves it, saves nothing, then saves it as confirmed on the second submit', async () => {
    const calls = server({ [QUOTE]: [200, quote(748, 1495)], [ADD]: [201, kim] })
    const { result, onClose } = changing()
    typeKim(result)
    await act(() => result.current.submit())
    expect(result.current.shown).toEqual(quote(748, 1495))
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([QUOTE])
    expect(onClose).not.toHaveBeenCalled()

    await act(() => result.current.submit())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([QUOTE, ADD])
    expect(calls[1]?.body).toMatchObject({ firstName: 'Kim', confirmedCents: 748, idempotencyKey: expect.any(String) })
  })

  it('asks the price again after any edit to what was priced', async () => {
    const calls = server({ [QUOTE]: [200, quote(748, 1495)] })
    const { result } = changing()
    typeKim(result)
    await act(() => result.current.submit())
    expect(result.current.shown).toBeDefined()
    act(() => result.current.form.setValue('planId', '3'))
    expect(result.current.shown).toBeUndefined()
    await act(() => result.current.submit())
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([QUOTE, QUOTE])
  })

  it('refused at a field: the problem at it, what was typed kept, the dialog open', async () => {
    server({
      [QUOTE]: [200, quote(0, 0)],
      [ADD]: [400, { message: 'Invalid', issues: [{ path: ['body', 'dateOfBirth'], message: 'A child is under 26' }] }],
    })
    const { result, onClose } = changing()
    typeKim(result)
    await act(() => result.current.submit())
    await waitFor(() =>
      expect(result.current.form.getFieldState('dateOfBirth').error?.message).toBe('A child is under 26'),
    )
    expect(result.current.problem).toBeUndefined()
    expect(result.current.form.getValues('firstName')).toBe('Kim')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('a price that cannot be given: the server’s message in the alert', async () => {
    server({ [QUOTE]: [409, { message: 'Your membership is being renewed. Try again in a minute.' }] })
    const { result } = changing()
    typeKim(result)
    await act(() => result.current.submit())
    expect(result.current.problem).toBe('Your membership is being renewed. Try again in a minute.')
    expect(result.current.shown).toBeUndefined()
  })

  it('keeps a missing field at the form, asking nothing of the server', async () => {
    const calls = server({})
    const { result } = changing()
    result.current.form.setValue('firstName', 'Kim')
    await act(() => result.current.submit())
    expect(result.current.form.getFieldState('lastName').error).toBeDefined()
    expect(result.current.form.getValues('firstName')).toBe('Kim')
    expect(calls).toEqual([])
  })
})

describe('a household change’s price', () => {
  it('is asked for an addition or for a change of the dependent', () => {
    const body = { firstName: 'Kim', lastName: 'Morgan', dateOfBirth: '2019-02-03', relationship: 'child' as const }
    expect(householdChange(undefined, body)).toEqual({ change: 'add', dependent: body })
    expect(householdChange(robin, body)).toEqual({ change: 'update', id: 7, dependent: body })
  })
  it('costs nothing only when nothing is due now and the renewal stays the same', () => {
    expect(costsNothing(quote(0, 0))).toBe(true)
    expect(costsNothing(quote(0, 1495))).toBe(false)
    expect(costsNothing(quote(-300, 0))).toBe(false)
  })
  it('is confirmed only for exactly what it priced', () => {
    const priced = { entered: '{"firstName":"Kim"}', quote: quote(748, 1495) }
    expect(quoteToConfirm(priced, '{"firstName":"Kim"}')).toBe(priced.quote)
    expect(quoteToConfirm(priced, '{"firstName":"Kimberly"}')).toBeUndefined()
    expect(quoteToConfirm(undefined, '{}')).toBeUndefined()
  })
})
