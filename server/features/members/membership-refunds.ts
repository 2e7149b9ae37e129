import {
  cancellationOutcome,
  type CancellationOutcome,
  type PaidChange,
  type PaidPeriod,
} from '#schemas/membership-policy.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { Conflict } from '../../platform/errors.ts'
import { processorKey } from '../../platform/idempotency.ts'
import { renewalPending } from '../../platform/idempotency-store.ts'
import { homeState } from './member-store.ts'
import { members } from './members.ts'
import { chargesAndRefundCounts, paidChangeRows, paidPeriodRows } from './payment-store.ts'
import {
  lock,
  move,
  tenantOf,
  latest,
  type LifecycleDeps,
  type Within,
  type Actor,
  type SubscriptionRow,
} from './membership-store.ts'
import { mail, wordingFor } from './membership-notices.ts'

/**
 * Cancelling by the policy: the quote the dashboard shows first, each refund at the processor once,
 * and renewal turned on and off.
 */

/**
 * Refuses to end a membership while a renewal's payment is claimed and not written (a past-due
 * retry charging, or one a crash left until the jobs take it over): ended under it, the charge
 * would be made and never written. Under the membership's lock in a transaction, this is exact:
 * the worker claims before it checks the membership under the same lock.
 */
export async function requireNoRenewalInFlight(db: Queryable, subscription: Pick<SubscriptionRow, 'id' | 'group_key'>) {
  if (await renewalPending(db, subscription.group_key, `${subscription.id}:`))
    throw new Conflict('Your renewal is being charged right now. Try again in a minute.', { retryAfterSeconds: 60 })
}

export function requireSettled(subscription: SubscriptionRow) {
  if (subscription.status === 'renewing')
    throw new Conflict('Your renewal is being charged right now. Try again in a minute.', { retryAfterSeconds: 60 })
  if (subscription.status === 'cancelled' || subscription.status === 'expired')
    throw new Conflict('This membership has already ended.')
}

/**
 * The membership's paid periods, in order: the current one (joining's, or the last renewal's) and
 * any paid ahead, each with what is left of its payment and the enrollment fee in it.
 */
export async function paidPeriods(db: Queryable, subscription: SubscriptionRow): Promise<PaidPeriod[]> {
  const rows = await paidPeriodRows(db, subscription.id, subscription.period_started_at)
  // Each period runs to the next one's start; the last to the renewal date.
  return rows.map((row, index) => ({
    receiptId: row.receipt_id,
    start: row.period_start,
    end: rows[index + 1]?.period_start ?? subscription.renews_at,
    paidAt: row.paid_at,
    paidCents: row.paid,
    leftCents: row.left,
    feeCents: row.fee,
  }))
}

/** What mid-term changes charged for paid time still to come, newest first, with what is left of each. */
export async function paidChanges(db: Queryable, subscription: SubscriptionRow, now: Date): Promise<PaidChange[]> {
  const rows = await paidChangeRows(db, subscription.id, now)
  return rows.map((row) => ({
    receiptId: row.receipt_id,
    paidAt: row.at,
    end: row.paid_through,
    days: row.days,
    leftCents: row.left,
  }))
}

export async function quote(deps: LifecycleDeps, subscription: SubscriptionRow, now: Date) {
  const [memberState, periods, changes] = await Promise.all([
    homeState(deps.db, subscription.member_id),
    paidPeriods(deps.db, subscription),
    paidChanges(deps.db, subscription, now),
  ])
  return cancellationOutcome(
    {
      state: subscription.status,
      cycle: subscription.billing_cycle,
      memberState,
      timeZone: subscription.time_zone,
      now,
      periods,
      changes,
    },
    tenantOf(deps, subscription.group_key).policy,
  )
}

/** Cancelling and its refunds by the policy, the quote before it, and renewal turned on and off. */
export const membershipRefunds = {
  /**
   * Auto-renewal off (the membership ends at the period's end) or back on (before that end).
   * `within` runs in the move's transaction (member services' audit entry); nothing moved when
   * it was already so (answers false).
   */
  async setAutoRenew(
    deps: LifecycleDeps,
    groupKey: string,
    memberId: number,
    on: boolean,
    now: Date,
    actor: Actor,
    within?: Within,
  ): Promise<boolean> {
    const wording = await wordingFor(deps, groupKey)
    return deps.db.transaction(async (tx) => {
      const subscription = await latest(tx, groupKey, memberId)
      if (on) {
        if (subscription.status === 'active') return false
        if (subscription.status !== 'ending' || (subscription.ends_at && subscription.ends_at <= now))
          throw new Conflict('This membership has ended; join again from your dashboard.')
        const to = await move(tx, subscription, 'reinstated', actor, now, {
          changes: { autoRenew: true, endsAt: null },
        })
        const price = await members.subscription(tx, groupKey, memberId)
        await mail(deps, wording, tx, subscription, 'reinstated', {
          date: subscription.renews_at,
          amountCents: price?.renewalCents,
        })
        await within?.(tx, { from: subscription.status, to, endsAt: null, refundCents: 0 })
        return true
      }
      if (subscription.status === 'ending') return false
      requireSettled(subscription)
      const to = await move(tx, subscription, 'ending_scheduled', actor, now, {
        changes: { autoRenew: false, endsAt: subscription.renews_at },
      })
      await mail(deps, wording, tx, subscription, 'ending', { date: subscription.renews_at })
      await within?.(tx, { from: subscription.status, to, endsAt: subscription.renews_at, refundCents: 0 })
      return true
    })
  },

  /** What cancelling would do now, for the dashboard to say before the member confirms. */
  async cancellationQuote(deps: LifecycleDeps, groupKey: string, memberId: number, now: Date) {
    const subscription = await latest(deps.db, groupKey, memberId)
    return quote(deps, subscription, now)
  },

  /**
   * Cancels by the policy: now with the refund it gives, or at the period's end; periods paid
   * ahead come back either way. Each refund goes through the processor once per cancellation (its
   * key is the receipt's and the refunds it had before), and its receipt shows it.
   */
  async cancel(
    deps: LifecycleDeps,
    groupKey: string,
    memberId: number,
    now: Date,
    actor: Actor,
    note?: string,
    within?: Within,
  ): Promise<CancellationOutcome> {
    const subscription = await latest(deps.db, groupKey, memberId)
    requireSettled(subscription)
    await requireNoRenewalInFlight(deps.db, subscription)
    const outcome = await quote(deps, subscription, now)
    const wording = await wordingFor(deps, groupKey)
    const charges = await chargesAndRefundCounts(
      deps.db,
      outcome.refunds.map((refund) => refund.receiptId),
    )
    // Read again after the refunds were counted: a cancellation that committed in between (a double
    // click, on PostgreSQL's many connections) wrote its refunds and its end at once, so either the
    // count above is from before it (this one replays its refund by the same key) or this says it ended.
    const again = await latest(deps.db, groupKey, memberId)
    requireSettled(again)
    if (again.id !== subscription.id || again.status !== subscription.status)
      throw new Conflict('This membership changed just now. Look at it again before you cancel.')
    const chargeOf = new Map(charges.map((row) => [row.id, row.charge_id]))
    const refundsBefore = new Map(charges.map((row) => [row.id, row.refunds]))
    if (outcome.refunds.some((refund) => !chargeOf.get(refund.receiptId)))
      throw new Conflict('This payment cannot be refunded online. Call us and we will refund it.')
    // The processor's key: one refund of each receipt for this cancellation, however often it is asked.
    // A later cancellation (after a reinstatement) is another refund: the receipt's refunds recorded
    // so far tell them apart, and a retry of this one (nothing recorded yet) replays its refund.
    // The first refund keeps the key it always had, so that one under way at a deploy still replays.
    const refundKey = (receiptId: number) => {
      const before = refundsBefore.get(receiptId) ?? 0
      return `${subscription.id}:${receiptId}${before > 0 ? `:${before}` : ''}`
    }
    const refunded: { receiptId: number; refundId: string; amountCents: number }[] = []
    for (const { receiptId, cents } of outcome.refunds)
      refunded.push({
        receiptId,
        ...(await deps.payments.refund({
          chargeId: chargeOf.get(receiptId)!,
          amountCents: cents,
          idempotencyKey: processorKey({ groupKey, name: 'cancel-refund' }, refundKey(receiptId)),
        })),
      })
    const refundCents = refunded.reduce((sum, refund) => sum + refund.amountCents, 0)
    await deps.db.transaction(async (tx) => {
      const locked = await lock(tx, subscription.id)
      if (!locked || locked.status === 'cancelled' || locked.status === 'expired') return
      if (outcome.kind === 'at_period_end' && locked.status === 'ending' && refunded.length === 0) return
      // A past-due membership's retry may have claimed its payment since: it is written first.
      await requireNoRenewalInFlight(tx, locked)
      await members.addRefunds(tx, groupKey, refunded, `Membership cancelled (${outcome.reason})`, now)
      const record = {
        amountCents: refundCents > 0 ? -refundCents : undefined,
        receiptId: refunded[0]?.receiptId,
        note: note ?? (outcome.kind === 'at_period_end' ? 'Cancelled after the refund window' : outcome.reason),
      }
      if (outcome.kind === 'at_period_end') {
        // Cover runs to the end of the period under way; a period paid ahead is refunded, not kept.
        const to = await move(tx, locked, 'ending_scheduled', actor, now, {
          ...record,
          changes: { autoRenew: false, endsAt: outcome.endsAt, renewsAt: outcome.endsAt },
        })
        await mail(deps, wording, tx, locked, 'ending', { date: outcome.endsAt })
        await within?.(tx, { from: locked.status, to, endsAt: outcome.endsAt, refundCents })
        return
      }
      const to = await move(tx, locked, 'cancelled', actor, now, {
        ...record,
        changes: { autoRenew: false, endsAt: now, nextRetryAt: null },
      })
      await mail(deps, wording, tx, locked, refundCents > 0 ? 'cancelled' : 'cancelled_no_refund', {
        date: now,
        amountCents: refundCents,
      })
      await within?.(tx, { from: locked.status, to, endsAt: now, refundCents })
    })
    return outcome
  },

  /** The receipts a refund of a change may come back from, newest first, with what is left of each. */
  async refundable(db: Queryable, subscription: SubscriptionRow, now: Date) {
    const [periods, changes] = await Promise.all([paidPeriods(db, subscription), paidChanges(db, subscription, now)])
    return [
      ...changes.map((change) => ({ receiptId: change.receiptId, leftCents: change.leftCents })),
      ...periods
        .filter((period) => period.end > now)
        .reverse()
        .map((period) => ({ receiptId: period.receiptId, leftCents: period.leftCents })),
    ].filter((receipt) => receipt.leftCents > 0)
  },
}
