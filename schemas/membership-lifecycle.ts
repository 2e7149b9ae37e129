import { z } from './engine/zod.ts'
import { MEMBERSHIP_STATES, type MembershipState } from './membership-states.ts'
import { periodEnd, type BillingCycle } from './periods.ts'

/**
 * A membership's life, in one place: its states, what moves it from one to another, and the dates
 * and amounts those moves use. The API, the jobs (server/jobs) and the dashboard read it from here;
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
 * Expired and cancelled are final for that membership: the account joins again with a new one.
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
  /** Auto-renewal off, or cancelled after the refund window: it ends at the period's end. */
  ending_scheduled: { from: ['active'], to: 'ending' },
  /** Renewal back on before the end date. */
  reinstated: { from: ['ending'], to: 'active' },
  /** Cancelled now (within the refund window, with a pro-rata refund, or while past due). */
  cancelled: { from: ['active', 'ending', 'past_due'], to: 'cancelled' },
  /** The end date of a membership that was ending came. */
  period_ended: { from: ['ending'], to: 'expired' },
} as const satisfies Record<string, { from: readonly MembershipState[]; to: MembershipState }>

export type MembershipEvent = keyof typeof TRANSITIONS
export const MEMBERSHIP_EVENTS = Object.keys(TRANSITIONS) as MembershipEvent[]
/** `joined` starts a membership: it has no state before. */
export const membershipEventSchema = z.enum(['joined', ...MEMBERSHIP_EVENTS] as [string, ...string[]])

/** A move the model does not allow (the API answers 409 with `message`). */
export class InvalidTransition extends Error {
  override readonly name = 'InvalidTransition'
  constructor(
    readonly from: MembershipState,
    readonly event: MembershipEvent,
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

export const canTransition = (from: MembershipState, event: MembershipEvent) =>
  (TRANSITIONS[event].from as readonly MembershipState[]).includes(from)

/** States in which the member is covered (the ID card is valid). */
export const isCovered = (state: MembershipState) => state !== 'cancelled' && state !== 'expired'

export { periodEnd, type BillingCycle } from './periods.ts'

/** The tenant's rules for renewals and cancellations (server configuration, per tenant and state). */
export const lifecycleRulesSchema = z.object({
  /** Days after a declined renewal on which the card is tried again; after the last, the membership expires. */
  retryDays: z._default(z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1)), [1, 3, 7]),
  /** Days before an annual renewal on which the notice is sent (California: 15 to 45). */
  annualNoticeDays: z._default(z.number().check(z.int(), z.gte(15), z.lte(45)), 30),
  /**
   * Days before a monthly renewal on which its price is checked: a price other than the one the
   * member was last told or charged (the plan's price changed, a coupon ran out) is mailed then,
   * before it is charged. Annual plans get the annual notice, which always says the price.
   */
  priceNoticeDays: z._default(z.number().check(z.int(), z.gte(1), z.lte(28)), 14),
  /** Days after the last payment within which cancelling refunds it in full. */
  refundWindowDays: z._default(z.number().check(z.int(), z.nonnegative()), 30),
  /** The same per member's state (two letters), where it differs. */
  refundWindowDaysByState: z._default(z.record(z.string(), z.number().check(z.int(), z.nonnegative())), {}),
  /**
   * States where an annual plan cancelled early gets its unearned whole months back (Arizona,
   * A.R.S. §44-1799.92), and ends at once instead of at the period's end.
   */
  proRataStates: z._default(z.array(z.string().check(z.length(2))), ['AZ']),
})
export type LifecycleRules = z.output<typeof lifecycleRulesSchema>
export const DEFAULT_LIFECYCLE_RULES: LifecycleRules = lifecycleRulesSchema.parse({})

const DAY_MS = 86_400_000

/**
 * When the card is tried again after `declines` declines of the period renewing on `renewalDate`
 * (`retryDays` count from that date), or undefined when no retry is left.
 */
export function nextRetryAt(renewalDate: Date, declines: number, rules: LifecycleRules): Date | undefined {
  const days = rules.retryDays[declines - 1]
  return days === undefined ? undefined : new Date(renewalDate.getTime() + days * DAY_MS)
}

/** How many days before a renewal its notice is due: the annual notice, or a monthly price check. */
export const noticeDays = (cycle: BillingCycle, rules: LifecycleRules) =>
  cycle === 'annual' ? rules.annualNoticeDays : rules.priceNoticeDays

/** The renewal notice's date: `annualNoticeDays` (annual) or `priceNoticeDays` (monthly) before the renewal. */
export const renewalNoticeAt = (renewsAt: Date, cycle: BillingCycle, rules: LifecycleRules) =>
  new Date(renewsAt.getTime() - noticeDays(cycle, rules) * DAY_MS)

export interface CancellationInput {
  state: MembershipState
  cycle: BillingCycle
  /** The member's state (two letters), for the rules that differ by state. */
  memberState: string | null
  now: Date
  /** The current period: its start (the last payment's date) and end (the renewal date). */
  periodStart: Date
  periodEnd: Date
  /** The last payment of this period, refundable (undefined when nothing was paid for it). */
  lastPaymentCents: number | undefined
}

export type CancellationOutcome =
  | { kind: 'now'; refundCents: number; reason: 'refund_window' | 'pro_rata' | 'past_due' }
  | { kind: 'at_period_end'; endsAt: Date }

/**
 * What cancelling does, by the rules: within the refund window, cancelled now with the last
 * payment back in full; after it, the membership ends at the period's end, except an annual plan
 * in a pro-rata state, cancelled now with its unearned whole months back. A past-due membership
 * (nothing paid for the period) ends now, with nothing to refund.
 */
export function cancellationOutcome(input: CancellationInput, rules: LifecycleRules): CancellationOutcome {
  if (input.state === 'past_due') return { kind: 'now', refundCents: 0, reason: 'past_due' }
  const paid = input.lastPaymentCents ?? 0
  const windowDays =
    (input.memberState ? rules.refundWindowDaysByState[input.memberState] : undefined) ?? rules.refundWindowDays
  if (paid > 0 && input.now.getTime() - input.periodStart.getTime() <= windowDays * DAY_MS)
    return { kind: 'now', refundCents: paid, reason: 'refund_window' }
  if (input.cycle === 'annual' && input.memberState && rules.proRataStates.includes(input.memberState)) {
    let usedMonths = 0
    while (usedMonths < 12 && periodEnd(input.periodStart, 'monthly', usedMonths) < input.now) usedMonths += 1
    const unearned = 12 - usedMonths
    return { kind: 'now', refundCents: Math.floor((paid * unearned) / 12), reason: 'pro_rata' }
  }
  return { kind: 'at_period_end', endsAt: input.periodEnd }
}
