import { z } from '#schemas/engine/zod.ts'
import { graceEndsAt, lawfulChargeAt, nextRetryAt } from '#schemas/membership-policy.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { once } from '../../platform/idempotency.ts'
import { periodWords, sendMembershipMail } from './membership-mail.ts'
import { emailOf } from './member-store.ts'
import { chargeDay, heldPrice, members } from './members.ts'
import { insertRenewalReceipt } from './payment-store.ts'
import { PaymentDeclined } from '../../platform/payments/payments.ts'
import {
  subscriptionById,
  holdCharge,
  lockForRenewal,
  lock,
  move,
  NotMoved,
  nextRenewal,
  tenantOf,
  groupOf,
  membershipStore,
  type LifecycleDeps,
  type Actor,
  type SubscriptionRow,
  type RenewOutcome,
} from './membership-store.ts'
import { mailValuesOf, annualNotice, mail, wordingFor, membershipNotices } from './membership-notices.ts'

/**
 * A membership's timed work: its renewal (charged once per period and attempt, whatever crashes or
 * runs twice), its retries and end, and the dry run of what is due.
 */

/**
 * Takes a membership whose renewal (or retry) is due at `now` for the jobs, in two statements
 * without a transaction: the membership as it is, then, when it is active, its move to renewing,
 * which another worker's claim made first turns into nothing to do. A renewing or past-due one is
 * answered as it is: the payment's claim (`once`) decides which worker charges it. An annual
 * renewal whose notice did not go out inside the lawful window is not taken: `notice_due` (its
 * notice goes out now and moves the charge), or nothing yet while that notice runs.
 */
export async function claimRenewal(
  db: Queryable,
  id: number,
  now: Date,
  actor: Actor,
  force: boolean,
): Promise<SubscriptionRow | 'notice_due' | undefined> {
  const subscription = await subscriptionById(db, id)
  if (!subscription) return undefined
  if (subscription.status === 'renewing') return subscription
  if (subscription.status === 'past_due')
    return force || (subscription.next_retry_at !== null && subscription.next_retry_at <= now)
      ? subscription
      : undefined
  if (subscription.status !== 'active' || !subscription.auto_renew || subscription.renews_at > now) return undefined
  if (subscription.billing_cycle === 'annual') {
    const noticed = subscription.notice_sent_for?.getTime() === subscription.renews_at.getTime()
    const lawful = lawfulChargeAt(subscription.renews_at, noticed ? subscription.notice_sent_at : null, now)
    if (!lawful) return 'notice_due'
    if (lawful > now) {
      await holdCharge(db, id, lawful)
      return undefined
    }
  }
  try {
    return { ...subscription, status: await move(db, subscription, 'renewal_due', actor, now) }
  } catch (error) {
    if (error instanceof NotMoved) return undefined
    throw error
  }
}

/** The membership moved after the sweep claimed its renewal (cancelled, or paid by another attempt): nothing to charge. */
export class NoLongerDue extends Error {
  override readonly name = 'NoLongerDue'
}

/** Renewals, their retries and ends, and the dry run of what is due. */
export const membershipRenewals = {
  /**
   * Renews a membership whose renewal (or retry) is due at `now`: charges the card on file at the
   * membership's price, once per membership, period and attempt (the processor's key, and the
   * `renewals` row per period), whatever crashes or runs twice. `force` retries a past-due
   * membership at once (a new card).
   */
  async renew(deps: LifecycleDeps, id: number, now: Date, actor: Actor = 'jobs', force = false): Promise<RenewOutcome> {
    const { db } = deps
    // Each step below is as few statements as it can be: on the embedded database every statement
    // is a round trip, and a day's renewals run them one membership after another (bench/renewals.ts).
    const claimed = await claimRenewal(db, id, now, actor, force)
    if (claimed === 'notice_due') return (await membershipNotices.notice(deps, id, now)) ? 'noticed' : 'skipped'
    if (!claimed) return 'skipped'
    const groupKey = claimed.group_key
    const wording = await wordingFor(deps, groupKey)
    const current = await members.subscription(db, groupKey, claimed.member_id, now)
    if (current?.id !== claimed.id) throw new Error(`Subscription ${id} is not its member's latest`)
    const policy = tenantOf(deps, groupKey).policy
    const amountCents = heldPrice(claimed, current.priceCents)
    const periodStart = claimed.renews_at
    const renewsAt = nextRenewal(claimed.started_at, claimed.billing_cycle, claimed.renews_at, claimed.time_zone)
    const key = `${claimed.id}:${periodStart.toISOString()}:${claimed.declines}`
    try {
      await once(deps, { groupKey, name: 'renewal' }, key, z.object({ receiptId: z.number() }), async (step) => {
        // The payment is claimed: from now on a cancellation is refused until it is written
        // (`renewalInFlight`). One that came between the sweep's claim and this one is seen here,
        // under the membership's lock (it waits for a cancellation under way), before anything is
        // charged. Nothing else moves a membership that is renewing or past due, so the charge is
        // written from this state (`move` checks it).
        const still = await lockForRenewal(db, claimed.id)
        if (
          !still ||
          (still.status !== 'renewing' && still.status !== 'past_due') ||
          still.declines !== claimed.declines ||
          still.renews_at.getTime() !== periodStart.getTime()
        )
          throw new NoLongerDue()
        const { processor_token: token, last4 } = still
        // The receipt names the period and the people it pays for.
        const description = `${current.planName} plan, ${claimed.billing_cycle} renewal: ${periodWords(periodStart, renewsAt, still.time_zone)}, for ${still.people}`
        if (token === null || last4 === null) throw new PaymentDeclined('There is no card on file.')
        const charge = await step.charge({
          token,
          amountCents,
          description,
          offSession: !force,
        })
        return step.commit(async (tx) => {
          // The receipt and the period's renewal in one statement: the primary key refuses a second.
          const receiptId = await insertRenewalReceipt(
            tx,
            groupKey,
            claimed.member_id,
            { description, amountCents: charge.amountCents, cardLast4: last4, paidAt: now, chargeId: charge.chargeId },
            { subscriptionId: claimed.id, periodStart },
          )
          await move(tx, still, 'renewal_paid', actor, now, {
            amountCents: charge.amountCents,
            receiptId,
            changes: {
              periodStartedAt: periodStart,
              renewsAt,
              declines: 0,
              nextRetryAt: null,
              paidByReceiptId: receiptId,
              chargeNotBefore: null,
              endsAt: null,
              // The price told stays what it was (a higher one told for a later renewal still holds).
              ...(still.renewal_cents === null
                ? { renewalCents: charge.amountCents, renewalToldAt: now, renewalToldBy: 'renewal' }
                : {}),
            },
          })
          await sendMembershipMail(
            deps.mailer,
            wording,
            'renewed',
            {
              ...mailValuesOf(still),
              timeZone: still.time_zone,
              amountCents: charge.amountCents,
              receiptId,
              date: renewsAt,
              description,
            },
            tx,
          )
          return { receiptId }
        })
      })
      return 'renewed'
    } catch (error) {
      if (error instanceof NoLongerDue) return 'skipped'
      if (!(error instanceof PaymentDeclined)) throw error
      return db.transaction(async (tx) => {
        const subscription = await lock(tx, claimed.id)
        // Another worker recorded this attempt already.
        if (!subscription || subscription.declines !== claimed.declines || subscription.status === 'active')
          return 'skipped'
        const declines = subscription.declines + 1
        // Retries count from the renewal date; one already due runs at the next sweep.
        const retryAt = nextRetryAt(chargeDay(subscription), declines, policy, subscription.time_zone)
        if (retryAt === undefined) {
          // Covered through the grace period (the retries): it ends on the last retry's day.
          const endsAt = graceEndsAt(chargeDay(subscription), policy, subscription.time_zone)
          await move(tx, subscription, 'retries_exhausted', actor, now, {
            note: error.message,
            changes: { declines, nextRetryAt: null, endsAt, autoRenew: false },
          })
          await mail(deps, wording, tx, subscription, 'expired', { date: endsAt })
          return 'expired'
        }
        // Covered through the grace period: to the last retry's day, which ends it if it fails too.
        await move(tx, subscription, 'renewal_declined', actor, now, {
          note: error.message,
          changes: {
            declines,
            nextRetryAt: retryAt,
            endsAt: graceEndsAt(chargeDay(subscription), policy, subscription.time_zone),
          },
        })
        // The mail before the last try says it is the last, and what follows if it fails.
        const last = nextRetryAt(chargeDay(subscription), declines + 1, policy, subscription.time_zone) === undefined
        await mail(deps, wording, tx, subscription, last ? 'declined_last' : 'declined', {
          amountCents,
          retryDate: retryAt,
        })
        return 'declined'
      })
    }
  },

  /** Ends a membership whose end date has come (auto-renewal off, or cancelled at the period's end). */
  async expire(deps: LifecycleDeps, id: number, now: Date, actor: Actor = 'jobs'): Promise<boolean> {
    const groupKey = await groupOf(deps.db, id)
    if (!groupKey) return false
    const wording = await wordingFor(deps, groupKey)
    return deps.db.transaction(async (tx) => {
      const subscription = await lock(tx, id)
      if (subscription?.status !== 'ending' || !subscription.ends_at || subscription.ends_at > now) return false
      await move(tx, subscription, 'period_ended', actor, now)
      await mail(deps, wording, tx, subscription, 'expired', { date: subscription.ends_at })
      return true
    })
  },

  /** The words of a tenant's membership mails, read before a payment's transaction. */
  wording: wordingFor,

  /**
   * What a run of the jobs at `now` would do, changing nothing (`npm run jobs -- --dry-run`): each
   * membership with work due, and what it would send or charge.
   */
  async preview(deps: LifecycleDeps, now: Date) {
    const due = await membershipStore.due(deps.db, now, undefined, deps.tenants.tenants)
    const items = []
    for (const { id, kind } of due) {
      const row = await membershipStore.row(deps.db, id)
      const email = await emailOf(deps.db, row.member_id)
      const policy = tenantOf(deps, row.group_key).policy
      const price = await members.subscription(deps.db, row.group_key, row.member_id, row.renews_at)
      const item = { id, kind, email, at: row.renews_at, amountCents: null as number | null, note: '' }
      if (kind === 'expire') items.push({ ...item, at: row.ends_at ?? now, note: 'ends: cover stops, a mail says so' })
      else if (kind === 'notice') {
        const annual = row.billing_cycle === 'annual'
        const notice = price && annual ? annualNotice(row, price.priceCents, now, policy) : undefined
        items.push({
          ...item,
          at: notice?.chargeAt ?? row.renews_at,
          amountCents: notice?.amountCents ?? price?.priceCents ?? null,
          note: annual
            ? 'annual renewal notice: mailed with this amount and day'
            : 'monthly price check: mailed only if the price differs from the one told',
        })
      } else if (row.status === 'active' && row.billing_cycle === 'annual') {
        const noticed = row.notice_sent_for?.getTime() === row.renews_at.getTime()
        const lawful = lawfulChargeAt(row.renews_at, noticed ? row.notice_sent_at : null, now)
        if (!lawful) {
          const notice = price ? annualNotice(row, price.priceCents, now, policy) : undefined
          items.push({
            ...item,
            at: notice?.chargeAt ?? row.renews_at,
            amountCents: notice?.amountCents ?? null,
            note: 'no renewal notice inside the lawful window: the notice goes out now, the charge waits until this day',
          })
        } else if (lawful > now) items.push({ ...item, at: lawful, note: 'held until 15 days after its notice' })
        else
          items.push({
            ...item,
            amountCents: price ? heldPrice(row, price.priceCents) : null,
            note: 'renewal charge',
          })
      } else
        items.push({
          ...item,
          at: row.status === 'past_due' ? (row.next_retry_at ?? now) : row.renews_at,
          amountCents: price ? heldPrice(row, price.priceCents) : null,
          note:
            row.status === 'past_due'
              ? `retry ${row.declines + 1} of ${policy.retryDays.length + 1}`
              : 'renewal charge',
        })
    }
    return items
  },
}
