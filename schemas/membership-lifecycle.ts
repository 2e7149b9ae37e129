import { z } from './engine/zod.ts'
import { MEMBERSHIP_STATES, type MembershipState } from './membership-states.ts'

/**
 * A membership's life, in one place: its states, what moves it from one to another, and the dates
 * and amounts those moves use. The API, the jobs (server/features/members/jobs.ts) and the dashboard read it from here;
 * `tests`: schemas/membership-lifecycle.test.ts checks every pair of a state and an event.
 *
 *                 renewal due                 paid
 *   ┌─ active ──────────────────▶ renewing ─────────────▶ active (next period)
 *   │    │  ▲                         │ declined
 *   │    │  │ reinstated              ▼           paid (a retry, a new card)
 *   │    │  └──── ending         past due ──────────────▶ active
 *   │    │ auto-renew off,          │  │ last retry declined
 *   │    │ cancelled after          │  └────────────────▶ expired ◀── period ended ── ending
 *   │    ▼ the refund window        │ cancelled
 *   │  ending                       ▼
 *   └──────── cancelled within the refund window ──▶ cancelled (refunded)
 *
 * Expired and cancelled are final for the member: the account joins again with a new one. Only
 * member services reinstate them (→ active, `reinstated`), with the reason in the audit trail.
 */
export const membershipStateSchema = z.enum(MEMBERSHIP_STATES)

/** What moves a membership: the state it may leave and the one it goes to. */
export const TRANSITIONS = {
  /** The renewal date came with auto-renewal on: the job takes it to charge the card. */
  renewal_due: { from: ['active'], to: 'renewing' },
  /** The period's charge went through (the renewal, a retry, or a new card's charge). */
  renewal_paid: { from: ['renewing', 'past_due'], to: 'active' },
  /** The card was declined: retries follow (`RETRY_DAYS`). */
  renewal_declined: { from: ['renewing', 'past_due'], to: 'past_due' },
  /** The last retry was declined too. */
  retries_exhausted: { from: ['past_due'], to: 'expired' },
  /**
   * Auto-renewal off, or cancelled after the refund window: it ends at the period's end (again from
   * ending, when a cancellation refunds a period paid ahead and brings the end forward).
   */
  ending_scheduled: { from: ['active', 'ending'], to: 'ending' },
  /**
   * Renewal back on before the end date (ending), or member services reinstating an ended
   * membership (expired, cancelled): with a charge for the period that lapsed, or without one to
   * the end of the period already paid for (server/features/members/staff-put-right.ts).
   */
  reinstated: { from: ['ending', 'expired', 'cancelled'], to: 'active' },
  /** One more period paid ahead ("Renew now"): the membership stays active, its renewal a period later. */
  renewed_early: { from: ['active'], to: 'active' },
  /** Cancelled now (within the refund window, with a pro-rata refund, or while past due). */
  cancelled: { from: ['active', 'ending', 'past_due'], to: 'cancelled' },
  /** The end date of a membership that was ending came. */
  period_ended: { from: ['ending'], to: 'expired' },
} as const satisfies Record<string, { from: readonly MembershipState[]; to: MembershipState }>

export type MembershipEvent = keyof typeof TRANSITIONS
export const MEMBERSHIP_EVENTS = Object.keys(TRANSITIONS) as MembershipEvent[]

/**
 * Changes the member makes to a membership that covers them, which leave its state as it is: each is
 * charged (or refunded) pro rata for the paid time left and recorded in its history
 * (server/features/members/household-changes.ts). Not while a renewal is charged or past due: that is
 * settled first.
 */
export const CHANGES_IN_PLACE = {
  /** Another plan, from now. */
  plan_changed: ['active', 'ending'],
  /** A dependent added, moved to another plan, or removed. */
  household_changed: ['active', 'ending'],
} as const satisfies Record<string, readonly MembershipState[]>
export type ChangeInPlace = keyof typeof CHANGES_IN_PLACE
export const CHANGE_IN_PLACE_EVENTS = Object.keys(CHANGES_IN_PLACE) as ChangeInPlace[]

/** `joined` starts a membership: it has no state before. */
export const membershipEventSchema = z.enum(['joined', ...MEMBERSHIP_EVENTS, ...CHANGE_IN_PLACE_EVENTS] as [
  string,
  ...string[],
])

/** A move the model does not allow (the API answers 409 with `message`). */
export class InvalidTransition extends Error {
  override readonly name = 'InvalidTransition'
  constructor(
    readonly from: MembershipState,
    readonly event: MembershipEvent | ChangeInPlace,
  ) {
    super(`A membership that is ${from.replace('_', ' ')} cannot be ${event.replace(/_/g, ' ')}`)
  }
}

/** The state `event` takes a membership in `from` to; throws InvalidTransition when it cannot. */
export function transition(from: MembershipState, event: MembershipEvent): MembershipState {
  const rule = TRANSITIONS[event]
  if (!(rule.from as readonly MembershipState[]).includes(from)) throw new InvalidTransition(from, event)
  return rule.to
}

/** Refuses a change in place the model does not allow in `state` (InvalidTransition). */
export function changeInPlace(state: MembershipState, change: ChangeInPlace): MembershipState {
  if (!(CHANGES_IN_PLACE[change] as readonly MembershipState[]).includes(state))
    throw new InvalidTransition(state, change)
  return state
}

export const canTransition = (from: MembershipState, event: MembershipEvent) =>
  (TRANSITIONS[event].from as readonly MembershipState[]).includes(from)

/** States in which the member is covered (the ID card is valid). */
export const isCovered = (state: MembershipState) => state !== 'cancelled' && state !== 'expired'
