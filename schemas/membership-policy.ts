import { z } from './engine/zod.ts'
import type { MembershipState } from './membership-states.ts'
import { periodEnd, type BillingCycle } from './periods.ts'
import { daysBetween, shiftInZone } from './zoned-days.ts'

/**
 * A tenant's membership policy: every rule with a number in it, declared once. The charge, the
 * retries, the expiry, the notices and the cancellation (server/features/members/membership-lifecycle.ts)
 * act on it; the quotes and the sentences that promise (the Terms, the consent text, the mails)
 * state it. `site-config/tenants.json` sets it per tenant (`policy`); what is not set is the
 * default below.
 */

/**
 * California's Automatic Renewal Law (B&P §17602(b)): the notice of an annual renewal goes out 15
 * to 45 days before it is charged. A renewal is charged only inside that window after its notice.
 */
export const ANNUAL_NOTICE_WINDOW = { earliestDays: 45, latestDays: 15 } as const

const days = () => z.number().check(z.int(), z.nonnegative())
const stateCode = () => z.string().check(z.regex(/^[A-Z]{2}$/))
const timeZone = () =>
  z.string().check(
    z.refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone })
        return true
      } catch {
        return false
      }
    }, 'Not a time zone (use an IANA name, such as America/Los_Angeles)'),
  )

export const membershipPolicySchema = z.object({
  /** Days after a declined renewal on which the card is tried again; after the last, the membership expires. */
  retryDays: z._default(z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1)), [1, 3, 7]),
  /** Days before an annual renewal on which its notice is sent (inside `ANNUAL_NOTICE_WINDOW`). */
  annualNoticeDays: z._default(
    z.number().check(z.int(), z.gte(ANNUAL_NOTICE_WINDOW.latestDays), z.lte(ANNUAL_NOTICE_WINDOW.earliestDays)),
    30,
  ),
  /**
   * Days of written notice before a higher price is charged (the Terms promise at least 30): a
   * monthly renewal's price is checked this long before it, and a renewal never charges more than
   * the price told at least this long before it.
   */
  priceNoticeDays: z._default(z.number().check(z.int(), z.gte(1), z.lte(60)), 30),
  /** Days after a period's payment within which cancelling refunds it in full. */
  refundWindowDays: z._default(days(), 30),
  /** The same per member's state (two letters), where it differs. */
  refundWindowDaysByState: z._default(z.record(stateCode(), days()), {}),
  /**
   * States where an annual plan cancelled after the refund window ends at once with its unearned
   * whole months back, the one-time enrollment fee excepted (Arizona, A.R.S. §44-1799.92).
   */
  proRataStates: z._default(z.array(stateCode()), ['AZ']),
  /** The longest a member may have paid for ahead, in months from today ("Renew now"). */
  maxPrepaidMonths: z._default(z.number().check(z.int(), z.positive()), 24),
  /** The same per member's state, where the law sets it (Arizona, A.R.S. §44-1799.94: 12). */
  maxPrepaidMonthsByState: z._default(z.record(stateCode(), z.number().check(z.int(), z.positive())), { AZ: 12 }),
  /** The tenant's own time zone (IANA): a price change takes effect at the start of its day there. */
  timeZone: z._default(timeZone(), 'America/Los_Angeles'),
  /** A member's dates are counted in their state's zone, where it differs from the tenant's. */
  timeZoneByState: z._default(z.record(stateCode(), timeZone()), { AZ: 'America/Phoenix' }),
  /**
   * Days before a renewal on which a member whose card on file expires before it (a card is valid
   * through the end of its expiry month) is mailed to update it, once per renewal date.
   */
  cardExpiryNoticeDays: z._default(z.number().check(z.int(), z.gte(7), z.lte(60)), 30),
  /**
   * A yearly reminder to every monthly member with automatic renewal on, on the anniversary of
   * joining: the amount, how often it is charged, the card and how to cancel. California's Automatic
   * Renewal Law as amended by AB 2863 (in force July 2025) requires it there; one rule for every
   * member is simpler to state and to check, and a member elsewhere loses nothing by it.
   */
  annualReminderForMonthly: z._default(z.boolean(), true),
  /**
   * The states whose monthly members get the yearly reminder even where `annualReminderForMonthly`
   * is off (the law's). server/features/members/membership-reminders.ts reads both.
   */
  annualReminderStates: z._default(z.array(stateCode()), ['CA']),
})
export type MembershipPolicy = z.output<typeof membershipPolicySchema>
export const DEFAULT_POLICY: MembershipPolicy = membershipPolicySchema.parse({})

export const DAY_MS = 86_400_000
const byState = <T>(table: Record<string, T>, state: string | null | undefined, fallback: T): T =>
  (state ? table[state] : undefined) ?? fallback

/** The refund window for a member in `state`, in days. */
export const refundWindowDays = (policy: MembershipPolicy, state: string | null | undefined) =>
  byState(policy.refundWindowDaysByState, state, policy.refundWindowDays)

/** The time zone a member in `state` counts their dates in. */
export const memberTimeZone = (policy: MembershipPolicy, state: string | null | undefined) =>
  byState(policy.timeZoneByState, state, policy.timeZone)

/** The longest prepaid term for a member in `state`, in months. */
export const maxPrepaidMonths = (policy: MembershipPolicy, state: string | null | undefined) =>
  byState(policy.maxPrepaidMonthsByState, state, policy.maxPrepaidMonths)

/**
 * When the card is tried again after `declines` declines of the period renewing on `renewalDate`
 * (`retryDays` count from that date), or undefined when no retry is left.
 */
export function nextRetryAt(
  renewalDate: Date,
  declines: number,
  policy: MembershipPolicy,
  timeZone: string,
): Date | undefined {
  const offset = policy.retryDays[declines - 1]
  return offset === undefined ? undefined : shiftInZone(renewalDate, timeZone, { days: offset })
}

/** The grace period: a past-due membership stays covered until its last retry. */
export const graceEndsAt = (renewalDate: Date, policy: MembershipPolicy, timeZone: string) =>
  shiftInZone(renewalDate, timeZone, { days: Math.max(...policy.retryDays) })

/** How many days before a renewal its notice is due: the annual notice, or a monthly renewal's price check. */
export const noticeDays = (cycle: BillingCycle, policy: MembershipPolicy) =>
  cycle === 'annual' ? policy.annualNoticeDays : policy.priceNoticeDays

/** The renewal notice's date: `annualNoticeDays` (annual) or `priceNoticeDays` (monthly) before the renewal. */
export const renewalNoticeAt = (renewsAt: Date, cycle: BillingCycle, policy: MembershipPolicy, timeZone: string) =>
  shiftInZone(renewsAt, timeZone, { days: -noticeDays(cycle, policy) })

/**
 * When an annual renewal may be charged, given when its notice went out: from the renewal date, but
 * never sooner than `ANNUAL_NOTICE_WINDOW.latestDays` after the notice. Undefined when no notice
 * went out, or it went out too long before (more than `earliestDays`): a new one is due first.
 */
export function lawfulChargeAt(renewsAt: Date, noticeSentAt: Date | null, now: Date): Date | undefined {
  if (!noticeSentAt) return undefined
  const earliest = new Date(noticeSentAt.getTime() + ANNUAL_NOTICE_WINDOW.latestDays * DAY_MS)
  const chargeAt = new Date(Math.max(renewsAt.getTime(), earliest.getTime()))
  const latest = new Date(noticeSentAt.getTime() + ANNUAL_NOTICE_WINDOW.earliestDays * DAY_MS)
  // A notice older than the window by the time the charge would be made no longer counts.
  return Math.max(chargeAt.getTime(), now.getTime()) > latest.getTime() ? undefined : chargeAt
}

/**
 * Whether a price told at `toldAt` was told at least `days` days before `chargeAt`, counted in
 * the member's calendar days (a notice sent any time on 1 April is 30 days' notice for 1 May): the
 * jobs send notices minutes after their day begins, not to the millisecond.
 */
export const toldInTime = (toldAt: Date, chargeAt: Date, days: number, timeZone: string) =>
  daysBetween(toldAt, chargeAt, timeZone) >= days

/**
 * The renewal price a member was last told: the amount, and the first renewal it applies to (null:
 * the next one). A higher price told later than its notice allows applies from a later renewal
 * (`firstChargeableRenewal`, worked out when it is told); until then the price told before it
 * (`prior`) holds.
 */
export interface ToldPrice {
  cents: number
  appliesFrom: Date | null
}

/**
 * What a renewal charged on `chargeDay` costs: the price of the day, but never more than the
 * member was told for it. Unknown told prices (none recorded) do not limit the charge.
 */
export function renewalCharge(input: {
  currentCents: number
  chargeDay: Date
  told: ToldPrice | null
  prior: number | null
}): number {
  const { told, prior } = input
  if (!told) return input.currentCents
  const applies = told.appliesFrom === null || input.chargeDay >= told.appliesFrom || prior === null
  return Math.min(input.currentCents, applies ? told.cents : prior)
}

/**
 * The first renewal on which a price told at `toldAt` may be charged: the first of the renewals
 * (`renewsAt`, then one period after another) at least `priceNoticeDays` after it.
 */
export function firstChargeableRenewal(
  startedAt: Date,
  cycle: BillingCycle,
  renewsAt: Date,
  toldAt: Date,
  policy: MembershipPolicy,
  timeZone: string,
): Date {
  const inTime = (renewal: Date) => toldInTime(toldAt, renewal, policy.priceNoticeDays, timeZone)
  if (inTime(renewsAt)) return renewsAt
  let periods = 1
  let renewal = periodEnd(startedAt, cycle, timeZone, periods)
  while (renewal <= renewsAt || !inTime(renewal)) renewal = periodEnd(startedAt, cycle, timeZone, (periods += 1))
  return renewal
}

/** A payment for one period of a membership: the joining payment, a renewal, or a renewal paid ahead. */
export interface PaidPeriod {
  receiptId: number
  start: Date
  end: Date
  /** When it was paid, or began if that is later (paid ahead): the refund window counts from it. */
  paidAt: Date
  /** What was paid, and what is left of it after earlier refunds. */
  paidCents: number
  leftCents: number
  /** The one-time enrollment fee in it: refunded within the window, never pro rata. */
  feeCents: number
}

/**
 * A mid-term change's payment (another plan, a dependent added): for the days from when it was made
 * to `end`, the paid time it was priced for (server/features/members/household-changes.ts).
 */
export interface PaidChange {
  receiptId: number
  paidAt: Date
  end: Date
  /** The days it was charged for. */
  days: number
  /** What is left of it after earlier refunds. */
  leftCents: number
}

/**
 * What a change of the membership's price a period costs now: the difference for the paid days
 * left (from today to `paidThrough`, counted in the member's time zone) over the days of a period.
 * Charged when above 0, refunded when below.
 */
export function proRataChange(input: {
  differenceCents: number
  periodStart: Date
  periodEnd: Date
  paidThrough: Date
  now: Date
  timeZone: string
}) {
  const periodDays = Math.max(1, daysBetween(input.periodStart, input.periodEnd, input.timeZone))
  const daysLeft = Math.max(0, daysBetween(input.now, input.paidThrough, input.timeZone))
  return { dueNowCents: Math.round((input.differenceCents * daysLeft) / periodDays), daysLeft, periodDays }
}

export interface CancellationInput {
  state: MembershipState
  cycle: BillingCycle
  /** The member's state (two letters), for the rules that differ by state. */
  memberState: string | null
  /** The membership's time zone: its days (the refund window, the months used) are counted there. */
  timeZone: string
  now: Date
  /** The membership's paid periods, in order (the current one and any paid ahead). */
  periods: readonly PaidPeriod[]
  /** What mid-term changes charged for paid time still to come. */
  changes?: readonly PaidChange[]
}

export type CancellationReason = 'refund_window' | 'pro_rata' | 'past_due' | 'period_end'

export interface CancellationOutcome {
  /** `now`: cover ends today; `at_period_end`: it ends on `endsAt`, renewal off. */
  kind: 'now' | 'at_period_end'
  reason: CancellationReason
  endsAt: Date
  /** What comes back, receipt by receipt. */
  refunds: { receiptId: number; cents: number }[]
  refundCents: number
}

/** Whole months of an annual period used by `now` (a started month counts as used). */
function monthsUsed(start: Date, now: Date, timeZone: string) {
  let used = 0
  while (used < 12 && periodEnd(start, 'monthly', timeZone, used) < now) used += 1
  return used
}

/**
 * What cancelling does, by the policy. Periods paid ahead (not started) come back in full. The
 * current period: within the refund window of its payment, cancelled now with it back in full;
 * after it, the membership ends at the period's end, except an annual plan in a pro-rata state,
 * cancelled now with its unearned whole months back (less the enrollment fee). A past-due
 * membership (nothing paid for the period) ends now.
 */
export function cancellationOutcome(input: CancellationInput, policy: MembershipPolicy): CancellationOutcome {
  const { now } = input
  const current = input.periods.filter((period) => period.start <= now).at(-1)
  const ahead = input.periods.filter((period) => period.start > now && period.leftCents > 0)
  const refunds = ahead.map((period) => ({ receiptId: period.receiptId, cents: period.leftCents }))
  // A change's payment comes back for its days after cover ends, or in full within its refund window
  // when cover ends now.
  const changeRefunds = (kind: CancellationOutcome['kind'], coverEnds: Date) =>
    (input.changes ?? []).flatMap((change) => {
      const inWindow =
        kind === 'now' && daysBetween(change.paidAt, now, input.timeZone) <= refundWindowDays(policy, input.memberState)
      const from = coverEnds > change.paidAt ? coverEnds : change.paidAt
      const unused = Math.max(0, daysBetween(from, change.end, input.timeZone))
      const cents = inWindow
        ? change.leftCents
        : Math.min(change.leftCents, Math.floor((change.leftCents * unused) / Math.max(1, change.days)))
      return cents > 0 ? [{ receiptId: change.receiptId, cents }] : []
    })
  const outcome = (
    kind: CancellationOutcome['kind'],
    reason: CancellationReason,
    endsAt: Date,
    currentCents = 0,
  ): CancellationOutcome => {
    const all = [
      ...(current && currentCents > 0 ? [{ receiptId: current.receiptId, cents: currentCents }] : []),
      ...refunds,
      ...changeRefunds(kind, endsAt),
    ]
    return { kind, reason, endsAt, refunds: all, refundCents: all.reduce((sum, refund) => sum + refund.cents, 0) }
  }
  if (input.state === 'past_due' || !current || current.end <= now) return outcome('now', 'past_due', now)
  if (
    current.leftCents > 0 &&
    daysBetween(current.paidAt, now, input.timeZone) <= refundWindowDays(policy, input.memberState)
  )
    return outcome('now', 'refund_window', now, current.leftCents)
  if (input.cycle === 'annual' && input.memberState && policy.proRataStates.includes(input.memberState)) {
    // The unearned months of what was paid (less the fee), less what came back of it already (a
    // cancellation before a reinstatement, a change to a plan that costs less).
    const unearned = Math.floor(
      ((current.paidCents - current.feeCents) * (12 - monthsUsed(current.start, now, input.timeZone))) / 12,
    )
    const owed = unearned - (current.paidCents - current.leftCents)
    return outcome('now', 'pro_rata', now, Math.max(0, Math.min(owed, current.leftCents)))
  }
  return outcome('at_period_end', 'period_end', current.end)
}

/**
 * Whether paying one more period ahead keeps the member within the longest prepaid term: the new
 * end of cover at most `maxPrepaidMonths` after today.
 */
export function withinPrepaidTerm(
  newEnd: Date,
  now: Date,
  memberState: string | null,
  policy: MembershipPolicy,
  timeZone: string,
) {
  return newEnd <= periodEnd(now, 'monthly', timeZone, maxPrepaidMonths(policy, memberState))
}
