import { describe, expect, it } from 'vitest'
import {
  CHANGE_IN_PLACE_EVENTS,
  changeInPlace,
  InvalidTransition,
  MEMBERSHIP_EVENTS,
  transition,
  type MembershipEvent,
} from './membership-lifecycle.ts'
import { MEMBERSHIP_STATES, type MembershipState } from './membership-states.ts'

const ended = Object.fromEntries(MEMBERSHIP_EVENTS.map((event) => [event, '—'])) as Record<MembershipEvent, '—'>

/** Every state and event: where it goes, or `—` where the model refuses it. Written out, not derived. */
const TABLE: Record<MembershipState, Record<MembershipEvent, MembershipState | '—'>> = {
  active: {
    renewal_due: 'renewing',
    renewal_paid: '—',
    renewal_declined: '—',
    retries_exhausted: '—',
    ending_scheduled: 'ending',
    reinstated: '—',
    renewed_early: 'active',
    cancelled: 'cancelled',
    period_ended: '—',
  },
  renewing: {
    renewal_due: '—',
    renewal_paid: 'active',
    renewal_declined: 'past_due',
    retries_exhausted: '—',
    ending_scheduled: '—',
    reinstated: '—',
    renewed_early: '—',
    cancelled: '—',
    period_ended: '—',
  },
  past_due: {
    renewal_due: '—',
    renewal_paid: 'active',
    renewal_declined: 'past_due',
    retries_exhausted: 'expired',
    ending_scheduled: '—',
    reinstated: '—',
    renewed_early: '—',
    cancelled: 'cancelled',
    period_ended: '—',
  },
  ending: {
    renewal_due: '—',
    renewal_paid: '—',
    renewal_declined: '—',
    retries_exhausted: '—',
    ending_scheduled: 'ending',
    reinstated: 'active',
    renewed_early: '—',
    cancelled: 'cancelled',
    period_ended: 'expired',
  },
  // Ended: only member services reinstate it.
  cancelled: { ...ended, reinstated: 'active' },
  expired: { ...ended, reinstated: 'active' },
}

describe('the membership’s transitions', () => {
  const rows = MEMBERSHIP_STATES.flatMap((state) =>
    MEMBERSHIP_EVENTS.map((event) => [state, event, TABLE[state][event]] as const),
  )
  it('has a row for every state and event', () => {
    expect(rows).toHaveLength(MEMBERSHIP_STATES.length * MEMBERSHIP_EVENTS.length)
  })
  it.each(rows)('%s + %s → %s', (state, event, expected) => {
    if (expected === '—') {
      expect(() => transition(state, event)).toThrow(InvalidTransition)
      expect(() => transition(state, event)).toThrow(/cannot be/)
    } else expect(transition(state, event)).toBe(expected)
  })
})

describe('changes in place (another plan, a dependent): made while the membership covers and is settled', () => {
  /** Written out: where each change may be made. */
  const ALLOWED: Record<MembershipState, boolean> = {
    active: true,
    ending: true,
    renewing: false,
    past_due: false,
    cancelled: false,
    expired: false,
  }
  it.each(MEMBERSHIP_STATES.flatMap((state) => CHANGE_IN_PLACE_EVENTS.map((change) => [state, change] as const)))(
    '%s + %s',
    (state, change) => {
      if (ALLOWED[state]) expect(changeInPlace(state, change)).toBe(state)
      else expect(() => changeInPlace(state, change)).toThrow(InvalidTransition)
    },
  )
})
