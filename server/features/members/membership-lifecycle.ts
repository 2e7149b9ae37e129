import { changeInPlace, type ChangeInPlace } from '#schemas/membership-lifecycle.ts'
import { maxPrepaidMonths, withinPrepaidTerm } from '#schemas/membership-policy.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { Conflict } from '../../platform/errors.ts'
import { longDate, sendMembershipMail, type MailWording } from './membership-mail.ts'
import { homeState } from './member-store.ts'
import { chargeDay, members } from './members.ts'
import { insertChange, insertRenewal } from './payment-store.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import {
  insertSubscription,
  type NewMembership,
  lock,
  move,
  recordEvent,
  recordJoiningPrice,
  nextRenewal,
  tenantOf,
  membershipStore,
  type LifecycleDeps,
  type Actor,
  type SubscriptionRow,
} from './membership-store.ts'
import { mailValues, mail, tellPrice, membershipNotices } from './membership-notices.ts'
import { membershipRenewals } from './membership-renewals.ts'
import { membershipRefunds } from './membership-refunds.ts'

export {
  lock,
  move,
  nextRenewal,
  type Actor,
  type DueKind,
  type LifecycleDeps,
  type RenewOutcome,
  type SubscriptionRow,
  type Within,
} from './membership-store.ts'

/**
 * A membership's lifecycle, as one object for its callers: starting, renewing early, changes
 * mid-term, and what the store (membership-store.ts), the renewals, the notices and the refunds give.
 */
export const lifecycle = {
  /** Starts a membership (the checkout, a purchase from the dashboard), paid by `receiptId`. */
  async start(
    tx: Queryable,
    groupKey: string,
    memberId: number,
    order: Omit<NewMembership, 'couponCode'> & {
      couponCode?: string | null
      amountCents: number
      /** The one-time enrollment fee in that payment (refunded within the window, never pro rata). */
      enrollmentFeeCents: number
      actor: Actor
    },
  ): Promise<void> {
    const id = await insertSubscription(tx, groupKey, memberId, { ...order, couponCode: order.couponCode ?? null })
    // The renewal price the member agreed to when joining: a higher one is told before it is charged.
    const price = await members.subscription(tx, groupKey, memberId, order.startedAt)
    await recordJoiningPrice(tx, id, price?.priceCents ?? null, order.startedAt, order.enrollmentFeeCents)
    await recordEvent(
      tx,
      { id, group_key: groupKey },
      {
        event: 'joined',
        actor: order.actor,
        at: order.startedAt,
        from: null,
        to: 'active',
        amountCents: order.amountCents,
        receiptId: order.receiptId,
      },
    )
  },
  ...membershipStore,
  ...membershipRenewals,
  ...membershipNotices,
  ...membershipRefunds,

  /**
   * One more period paid ahead ("Renew now", in the payment's transaction `tx`): the period after
   * the paid one, as a renewal of it (the `renewals` row), with its event and mail. Refused past the
   * policy's longest prepaid term for the member's state.
   */
  async renewEarly(
    deps: LifecycleDeps,
    tx: Queryable,
    subscriptionId: number,
    payment: { receiptId: number; amountCents: number; now: Date; wording: MailWording; description: string },
  ) {
    const locked = await lock(tx, subscriptionId)
    if (!locked) throw new Error(`Subscription ${subscriptionId} is gone`)
    const renewsAt = await lifecycle.nextPaidAhead(deps, tx, locked, payment.now)
    await insertRenewal(tx, {
      subscriptionId: locked.id,
      periodStart: locked.renews_at,
      receiptId: payment.receiptId,
      amountCents: payment.amountCents,
    })
    await move(tx, locked, 'renewed_early', 'member', payment.now, {
      amountCents: payment.amountCents,
      receiptId: payment.receiptId,
      changes: { renewsAt, chargeNotBefore: null },
    })
    await sendMembershipMail(
      deps.mailer,
      payment.wording,
      'renewed',
      {
        ...(await mailValues(tx, locked)),
        amountCents: payment.amountCents,
        receiptId: payment.receiptId,
        date: renewsAt,
        description: payment.description,
      },
      tx,
    )
    return { periodStart: locked.renews_at, renewsAt }
  },

  /**
   * A change the member made to a membership that covers them (another plan; a dependent added,
   * moved or removed), in the change's transaction, once it is paid or refunded for the paid days
   * left: its history entry with the amount, the payment kept for a cancellation's refund, the
   * renewal told at its new price, and a mail that says both.
   */
  async changed(
    deps: LifecycleDeps,
    tx: Queryable,
    subscriptionId: number,
    change: {
      event: ChangeInPlace
      now: Date
      /** Charged (above 0) or refunded (below 0). */
      amountCents: number
      receiptId: number | undefined
      description: string
      paidThrough: Date
      days: number
      wording: MailWording
    },
  ) {
    const locked = await lock(tx, subscriptionId)
    if (!locked) throw new Error(`Subscription ${subscriptionId} is gone`)
    changeInPlace(locked.status, change.event)
    const { now } = change
    await recordEvent(tx, locked, {
      event: change.event,
      actor: 'member',
      at: now,
      from: locked.status,
      to: locked.status,
      amountCents: change.amountCents || undefined,
      receiptId: change.receiptId,
      note: change.description,
    })
    if (change.amountCents !== 0)
      await insertChange(tx, {
        subscriptionId: locked.id,
        at: now,
        amountCents: change.amountCents,
        receiptId: change.receiptId ?? null,
        paidThrough: change.paidThrough,
        days: change.days,
      })
    const renews = locked.status === 'active' && locked.auto_renew
    const price = renews ? await members.subscription(tx, locked.group_key, locked.member_id, locked.renews_at) : null
    const previous = locked.renewal_cents
    if (price && price.priceCents !== previous)
      await tellPrice(tx, locked, price.priceCents, now, 'member_change', tenantOf(deps, locked.group_key).policy)
    if (change.amountCents !== 0)
      await mail(deps, change.wording, tx, locked, change.amountCents > 0 ? 'changed_charged' : 'changed_refunded', {
        amountCents: Math.abs(change.amountCents),
        receiptId: change.receiptId,
        description: change.description,
        date: renews ? locked.renews_at : (locked.ends_at ?? locked.renews_at),
        renewal: renews ? 'renews' : 'ends',
        renewalAmountCents: price?.priceCents,
      })
    else if (price && previous !== null && price.priceCents !== previous)
      // Nothing paid now (no paid days left): the renewal's new price is told as any change of it.
      await mail(deps, change.wording, tx, locked, 'price_change', {
        date: chargeDay(locked),
        amountCents: price.priceCents,
        previousAmountCents: previous,
        renewalOffUrl: renewalOffLink(deps.signer, change.wording.tenant, locked),
      })
  },

  /**
   * The renewal date after one more period paid ahead, or a Conflict saying why it is refused
   * (renewal being charged, not active, past the longest prepaid term).
   */
  async nextPaidAhead(
    deps: LifecycleDeps,
    db: Queryable,
    subscription: Pick<
      SubscriptionRow,
      'id' | 'group_key' | 'member_id' | 'status' | 'renews_at' | 'started_at' | 'billing_cycle' | 'time_zone'
    >,
    now: Date,
  ): Promise<Date> {
    if (subscription.status !== 'active')
      throw new Conflict(
        subscription.status === 'ending'
          ? 'Turn automatic renewal back on to keep your membership.'
          : 'Your renewal payment is due: update your card to pay it.',
      )
    const renewsAt = nextRenewal(
      subscription.started_at,
      subscription.billing_cycle,
      subscription.renews_at,
      subscription.time_zone,
    )
    const state = await homeState(db, subscription.member_id)
    const policy = tenantOf(deps, subscription.group_key).policy
    if (!withinPrepaidTerm(renewsAt, now, state, policy, subscription.time_zone))
      throw new Conflict(
        `Your membership is paid through ${longDate(subscription.renews_at, subscription.time_zone)}. Paying one more ${subscription.billing_cycle === 'annual' ? 'year' : 'month'} now would pay more than ${maxPrepaidMonths(policy, state)} months ahead, which we do not take${state ? ` in ${state}` : ''}.`,
      )
    return renewsAt
  },
}
