import { describe, expect, it } from 'vitest'
import {
  continueFrom,
  joinFlow,
  orderBody,
  startJoin,
  type JoinEvent,
  type JoinFlow,
  type JoinMove,
  type NewDependent,
} from './join-flow.ts'
import { memberFixture } from './fixtures.ts'

const offices = [{ id: 12 }, { id: 14 }]
const ended = {
  subscription: { ...memberFixture.subscription!, status: 'expired' as const, billingCycle: 'annual' as const },
}
const kim: NewDependent = { firstName: 'Kim', lastName: 'Morgan', dateOfBirth: '2019-02-03', relationship: 'child' }
const lee: NewDependent = { firstName: 'Lee', lastName: 'Morgan', dateOfBirth: '2021-07-09', relationship: 'child' }

const start = startJoin(ended, offices)
const after = (...events: JoinEvent[]): JoinFlow => events.reduce(joinFlow, start)
const at = (step: JoinFlow['step']): JoinFlow => ({ ...start, step })

describe('joining again from the dashboard', () => {
  it('starts at the plan step with the last office, plan and period', () => {
    expect(start).toEqual({
      step: 'plan',
      order: { officeId: 12, planId: 2, billingCycle: 'annual', couponCode: '' },
      added: [],
    })
  })

  it('starts a first membership at the first office, no plan, monthly', () => {
    expect(startJoin({ subscription: null }, offices).order).toEqual({
      officeId: 12,
      planId: 0,
      billingCycle: 'monthly',
      couponCode: '',
    })
    expect(startJoin({ subscription: null }, []).order.officeId).toBe(0)
  })

  it.each<[string, JoinFlow, boolean, JoinMove]>([
    [
      'the plan step without an office',
      after({ type: 'changed', change: { officeId: 0 } }),
      true,
      { kind: 'problem', problem: 'join_choose_office' },
    ],
    ['the plan step without a plan', start, false, { kind: 'problem', problem: 'join_choose_plan' }],
    ['the plan step with a plan, no coupon', start, true, { kind: 'step', step: 'family' }],
    [
      'the plan step with a blank coupon',
      after({ type: 'changed', change: { couponCode: '   ' } }),
      true,
      { kind: 'step', step: 'family' },
    ],
    [
      'the plan step with a coupon',
      after({ type: 'changed', change: { couponCode: ' spring ' } }),
      true,
      { kind: 'check-coupon', coupon: 'spring' },
    ],
    ['the family step', at('family'), true, { kind: 'step', step: 'payment' }],
    ['the payment step (its own button pays)', at('payment'), true, { kind: 'stay' }],
  ])('Continue from %s', (_from, flow, planChosen, move) => {
    expect(continueFrom(flow, planChosen)).toEqual(move)
  })

  it('moves on as Continue says, the problem shown until a move succeeds', () => {
    const refused = joinFlow(start, { type: 'continued', move: { kind: 'problem', problem: 'join_choose_plan' } })
    expect(refused).toMatchObject({ step: 'plan', problem: 'join_choose_plan' })
    const checking = joinFlow(refused, { type: 'continued', move: { kind: 'check-coupon', coupon: 'SPRING' } })
    expect(checking).toMatchObject({ step: 'plan', problem: undefined })
    const moved = joinFlow(refused, { type: 'continued', move: { kind: 'step', step: 'family' } })
    expect(moved).toMatchObject({ step: 'family', problem: undefined })
  })

  it('goes to the family once the coupon applies; says why at its field when it does not, until the order changes', () => {
    const coupon = after({ type: 'changed', change: { couponCode: 'SPRING' } })
    expect(joinFlow(coupon, { type: 'couponAccepted' }).step).toBe('family')
    const refused = joinFlow(coupon, { type: 'couponRefused', message: 'SPRING has expired' })
    expect(refused).toMatchObject({ step: 'plan', couponProblem: 'SPRING has expired' })
    const changed = joinFlow(refused, { type: 'changed', change: { couponCode: 'SUMMER' } })
    expect(changed.couponProblem).toBeUndefined()
    expect(changed.order).toEqual({ officeId: 12, planId: 2, billingCycle: 'annual', couponCode: 'SUMMER' })
  })

  it('goes back one step at a time, and no further than the first', () => {
    expect(joinFlow(at('payment'), { type: 'back' }).step).toBe('family')
    expect(joinFlow(at('family'), { type: 'back' }).step).toBe('plan')
    expect(joinFlow(start, { type: 'back' })).toBe(start)
  })

  it('keeps the family added through the steps; removes the one asked for', () => {
    const family = after({ type: 'added', person: kim }, { type: 'added', person: lee }, { type: 'back' })
    expect(family.added).toEqual([kim, lee])
    expect(joinFlow(family, { type: 'removed', position: 0 }).added).toEqual([lee])
  })

  it('orders with the coupon trimmed, and without one when it is blank', () => {
    expect(orderBody({ officeId: 12, planId: 2, billingCycle: 'monthly', couponCode: ' SPRING ' }, [kim])).toEqual({
      officeId: 12,
      planId: 2,
      billingCycle: 'monthly',
      couponCode: 'SPRING',
      newDependents: [kim],
    })
    expect(orderBody({ officeId: 12, planId: 2, billingCycle: 'monthly', couponCode: '  ' }, [])).not.toHaveProperty(
      'couponCode',
    )
  })
})
