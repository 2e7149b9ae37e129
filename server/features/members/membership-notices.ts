import {
  firstChargeableRenewal,
  lawfulChargeAt,
  toldInTime,
  renewalNoticeAt,
  type MembershipPolicy,
} from '#schemas/membership-policy.ts'
import type { MembershipMailKind } from '#schemas/membership-mails.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { mailWording, sendMembershipMail, type MailWording, type MembershipMailValues } from './membership-mail.ts'
import { chargeDay, heldPrice, members } from './members.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import {
  lock,
  tenantOf,
  groupOf,
  mailValuesFor,
  recordAnnualNotice,
  recordNoticeChecked,
  recordToldPrice,
  type LifecycleDeps,
  type MailValuesRow,
  type SubscriptionRow,
} from './membership-store.ts'

/**
 * What a membership's mails say, and when: the values a mail is filled with, the mail itself (in the
 * move's transaction), the renewal notice and the price the member was told.
 */

export const mailValuesOf = (row: MailValuesRow) => ({
  to: row.email,
  firstName: row.first_name,
  plan: row.plan,
  card: row.last4 ?? '',
  language: row.language,
})

/** What the mails say about the member and their plan. */
export async function mailValues(db: Queryable, subscription: SubscriptionRow) {
  const row = await mailValuesFor(db, subscription.member_id, subscription.plan_id)
  return { ...mailValuesOf(row), timeZone: subscription.time_zone }
}

/**
 * What an annual notice sent now says: the day the renewal may be charged (its date, or 15 days
 * from now when the notice is late) and the amount: the price of the day, unless it is higher than
 * what the member was told and cannot be told `priceNoticeDays` before that day (then what they
 * were told holds, and the next year's notice tells the new price).
 */
export function annualNotice(subscription: SubscriptionRow, currentCents: number, now: Date, policy: MembershipPolicy) {
  const chargeAt = lawfulChargeAt(subscription.renews_at, now, now) ?? subscription.renews_at
  const held = heldPrice(subscription, currentCents)
  const amountCents =
    currentCents <= held || toldInTime(now, chargeAt, policy.priceNoticeDays, subscription.time_zone)
      ? currentCents
      : held
  return { chargeAt, amountCents }
}

/**
 * Sends a membership's mail in the transaction. Its words are read first, outside it (`wording`):
 * on the embedded database a transaction holds the one connection, and a read outside it would wait
 * for it to end.
 */
export async function mail(
  deps: LifecycleDeps,
  wording: MailWording,
  tx: Queryable,
  subscription: SubscriptionRow,
  kind: MembershipMailKind,
  values: Omit<MembershipMailValues, 'to' | 'firstName' | 'plan' | 'language'> = {},
) {
  const base = await mailValues(tx, subscription)
  await sendMembershipMail(deps.mailer, wording, kind, { ...base, ...values }, tx)
}

export const wordingFor = (deps: LifecycleDeps, groupKey: string) => mailWording(deps, tenantOf(deps, groupKey))

/**
 * Records a renewal price told to the member now (`by`: how). Until its lead has run, a higher
 * price leaves the renewals before then at what they would have charged (`prior`). Answers the
 * first renewal the new price applies to.
 */
export async function tellPrice(
  tx: Queryable,
  subscription: SubscriptionRow,
  cents: number,
  now: Date,
  by: 'price_change' | 'member_change',
  policy: MembershipPolicy,
) {
  // What the next renewal would have charged: it holds until the new price's notice has run. A
  // change the member made themselves (another plan, a dependent) was agreed to: it applies at once.
  const prior = subscription.renewal_cents === null ? null : heldPrice(subscription, subscription.renewal_cents)
  const from =
    by === 'price_change' && prior !== null && cents > prior
      ? firstChargeableRenewal(
          subscription.started_at,
          subscription.billing_cycle,
          chargeDay(subscription),
          now,
          policy,
          subscription.time_zone,
        )
      : chargeDay(subscription)
  await recordToldPrice(tx, subscription.id, { cents, now, by, prior, from })
  return { from }
}

/** A renewal's notice: the price the member is told, in time. */
export const membershipNotices = {
  /**
   * A renewal's notice, when its day has come: an annual plan's always (the amount it will charge,
   * the day, how to turn renewal off), once per renewal inside the lawful window (a late one moves
   * the charge to 15 days after it; a stale one is sent again); a monthly plan's only when the
   * price differs from the one the member was last told, saying from which renewal the new price
   * applies (the first at least `priceNoticeDays` away). Answers whether a mail went out.
   */
  async notice(deps: LifecycleDeps, id: number, now: Date): Promise<boolean> {
    const groupKey = await groupOf(deps.db, id)
    if (!groupKey) return false
    const wording = await wordingFor(deps, groupKey)
    const policy = tenantOf(deps, groupKey).policy
    return deps.db.transaction(async (tx) => {
      const subscription = await lock(tx, id)
      if (
        subscription?.status !== 'active' ||
        !subscription.auto_renew ||
        renewalNoticeAt(subscription.renews_at, subscription.billing_cycle, policy, subscription.time_zone) > now
      )
        return false
      const annual = subscription.billing_cycle === 'annual'
      const noticed = subscription.notice_sent_for?.getTime() === subscription.renews_at.getTime()
      if (noticed && (!annual || lawfulChargeAt(subscription.renews_at, subscription.notice_sent_at, now))) return false
      // Priced as the renewal will be: on its date (a coupon that runs out before then is not counted).
      const price = await members.subscription(tx, groupKey, subscription.member_id, subscription.renews_at)
      if (!price) return false
      const previous = subscription.renewal_cents
      if (!annual) {
        await recordNoticeChecked(tx, id, now)
        if (previous === null || price.priceCents === previous) return false
        const told = await tellPrice(tx, subscription, price.priceCents, now, 'price_change', policy)
        await mail(deps, wording, tx, subscription, 'price_change', {
          date: told.from,
          amountCents: price.priceCents,
          previousAmountCents: previous,
          renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
        })
        return true
      }
      const { chargeAt, amountCents } = annualNotice(subscription, price.priceCents, now, policy)
      // What the notice says is what is told: the amount it states, from now.
      await recordAnnualNotice(tx, id, now, chargeAt > subscription.renews_at ? chargeAt : null, amountCents)
      await mail(deps, wording, tx, subscription, 'notice', {
        date: chargeAt,
        amountCents,
        renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
      })
      return true
    })
  },
}
