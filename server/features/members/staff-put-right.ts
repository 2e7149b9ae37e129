import { z } from '#schemas/engine/zod.ts'
import type { memberReinstateSchema, ReinstateQuote, writtenCancellationSchema } from '#schemas/api/members.ts'
import { lawfulChargeAt, renewalNoticeAt } from '#schemas/membership-policy.ts'
import { dayIn, startOfDay } from '#schemas/zoned-days.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'
import { once } from '../../platform/idempotency.ts'
import { cancellationRefundsOf, insertWrittenCancellation, redateCancellationRefunds } from './cancellation-store.ts'
import { lifecycle, lock, move, nextRenewal, type SubscriptionRow, type Within } from './membership-lifecycle.ts'
import { longDate, mailWording, periodWords, sendMembershipMail } from './membership-mail.ts'
import { chargeDay, heldPrice, members } from './members.ts'
import { recordNoticeResent, recordToldPriceFromNext } from './membership-store.ts'
import { insertRenewal, paidFrom } from './payment-store.ts'
import { PaymentDeclined } from '../../platform/payments/payments.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import { answer, entry, mailBase, staffActor, type StaffMemberActionDeps } from './staff-member-actions.ts'
import type { Actor } from '../staff/index.ts'
import { findMember } from './staff-members.ts'
import { dollars } from '../plans/index.ts'

/**
 * Member services putting things right (issue 40 §6, docs/memberships.md "Putting things right"):
 * renewal back on, reinstating an ended membership, the renewal notice again, a written
 * cancellation request with its date. As every action on a member (staff-member-actions.ts): a
 * reason, exactly one audit entry in the change's transaction, the member mailed in the content's
 * words, and each change a lifecycle move recorded in the membership's history.
 */

const STATE_WORDS = {
  active: 'active',
  renewing: 'renewing',
  past_due: 'past due',
  ending: 'set to end',
  cancelled: 'cancelled',
  expired: 'expired',
} as const

/** The member's latest membership as the lifecycle reads it; 409 when there is none. */
async function membershipOf(deps: StaffMemberActionDeps, memberId: number) {
  const subscription = await members.subscription(deps.db, deps.tenant.groupKey, memberId, deps.now())
  if (!subscription) throw new Conflict('This member has no membership.')
  return lifecycle.row(deps.db, subscription.id)
}

/** What the next renewal charges from `renewsAt`: its price then, never more than the member was told. */
async function nextRenewalCents(tx: Queryable, groupKey: string, memberId: number, renewsAt: Date) {
  const price = await members.subscription(tx, groupKey, memberId, renewsAt)
  return price?.renewalCents ?? 0
}

// --- Renewal back on ---------------------------------------------------------------------------

/**
 * Turns automatic renewal back on for a membership set to end (renewal off, or cancelled after the
 * refund window) whose end has not come: the lifecycle's own move (`reinstated` from ending), its
 * mail, and the audit entry in its transaction.
 */
export async function turnAutoRenewOn(deps: StaffMemberActionDeps, actor: Actor, memberId: number, reason: string) {
  const { groupKey } = deps.tenant
  await findMember(deps.db, groupKey, memberId)
  const row = await membershipOf(deps, memberId)
  const now = deps.now()
  if (row.status === 'cancelled' || row.status === 'expired')
    throw new Conflict(`This membership is ${STATE_WORDS[row.status]}: reinstate it instead.`)
  if (row.auto_renew || row.status !== 'ending')
    throw new Conflict(
      `Automatic renewal is already on: the membership renews on ${longDate(chargeDay(row), row.time_zone)}.`,
    )
  if (row.ends_at && row.ends_at <= now)
    throw new Conflict(
      `The membership ended on ${longDate(row.ends_at, row.time_zone)}: once the jobs have marked it expired, reinstate it.`,
    )
  const state = { moved: false }
  const within: Within = async (tx, change) => {
    state.moved = true
    await audit.record(
      tx,
      entry(deps, actor, memberId, 'auto_renew_on', reason, {
        before: { status: change.from, autoRenew: false, endsAt: row.ends_at?.toISOString() ?? null },
        after: { status: change.to, autoRenew: true, endsAt: null, renewsAt: row.renews_at.toISOString() },
      }),
    )
  }
  await lifecycle.setAutoRenew(deps, groupKey, memberId, true, now, staffActor(actor), within)
  if (!state.moved) throw new Conflict('Automatic renewal is already on.')
  const cents = await nextRenewalCents(deps.db, groupKey, memberId, row.renews_at)
  return answer(
    deps,
    memberId,
    `Automatic renewal is back on: the membership renews on ${longDate(row.renews_at, row.time_zone)} at ${dollars(cents)}.`,
  )
}

// --- Reinstating -------------------------------------------------------------------------------

type Option =
  | { possible: false; message: string }
  | {
      possible: true
      message: string
      amountCents: number
      /** The period the charge pays for begins (a lapsed renewal), or null (the period already under way). */
      periodStart: Date | null
      through: Date
    }

/** What the cancellation refunded of the period's own payment (refunds by member services are not counted). */
async function cancellationRefunds(db: Queryable, receiptId: number | null) {
  if (receiptId === null) return 0
  return cancellationRefundsOf(db, receiptId)
}

/**
 * What reinstating an ended membership does now, with a charge and without one. The rule, as a
 * dental plan's member services would apply it (docs/memberships.md):
 * - The period already paid for still running (cancelled before its end): without a charge, cover
 *   comes back to its end (a refund the cancellation gave stays the member's: the reason says why);
 *   with a charge, that refund is charged back.
 * - That period over (expired, or cancelled while past due): with a charge only, of the renewal that
 *   lapsed at the renewal price, for the period from the lapse (no gap in cover) while that period
 *   still runs; later, the member joins again.
 * Either way automatic renewal is on again. A period paid ahead and refunded is not brought back.
 */
async function options(deps: StaffMemberActionDeps, row: SubscriptionRow): Promise<{ charge: Option; free: Option }> {
  const { db } = deps
  const now = deps.now()
  const refused = (message: string): { charge: Option; free: Option } => ({
    charge: { possible: false, message },
    free: { possible: false, message },
  })
  if (row.status === 'ending')
    return refused(
      `This membership has not ended: it runs to ${longDate(row.ends_at ?? row.renews_at, row.time_zone)}. Turn automatic renewal back on instead.`,
    )
  if (row.status !== 'cancelled' && row.status !== 'expired')
    return refused(`This membership is ${STATE_WORDS[row.status]}: there is nothing to reinstate.`)
  const paidThrough = nextRenewal(row.started_at, row.billing_cycle, row.period_started_at, row.time_zone)
  if (await paidFrom(db, row.id, paidThrough))
    return refused('A period paid ahead was refunded when this membership was cancelled: the member joins again.')
  const card = await members.cardOnFile(db, row.group_key, row.member_id)
  const cardWords = card ? `the card ending ${card.last4}` : ''
  const unit = row.billing_cycle === 'annual' ? 'year' : 'month'
  let charge: Option
  let free: Option
  if (paidThrough > now) {
    const refunded = await cancellationRefunds(db, row.paid_by_receipt_id)
    free = {
      possible: true,
      amountCents: 0,
      periodStart: null,
      through: paidThrough,
      message: `Covered again through ${longDate(paidThrough, row.time_zone)}, with nothing charged${refunded > 0 ? `: the ${dollars(refunded)} refunded when it was cancelled stays refunded` : ''}. Automatic renewal is on again.`,
    }
    charge =
      refunded > 0
        ? {
            possible: true,
            amountCents: refunded,
            periodStart: null,
            through: paidThrough,
            message: `Charges ${dollars(refunded)} to ${cardWords} (what its cancellation refunded of the period) and covers the member again through ${longDate(paidThrough, row.time_zone)}. Automatic renewal is on again.`,
          }
        : { possible: false, message: 'Nothing of its period was refunded: reinstate it without a charge.' }
  } else {
    free = {
      possible: false,
      message: `The period paid for ended on ${longDate(paidThrough, row.time_zone)}: nothing is left to restore without a charge.`,
    }
    const next = nextRenewal(row.started_at, row.billing_cycle, paidThrough, row.time_zone)
    if (next <= now)
      charge = {
        possible: false,
        message: `It lapsed on ${longDate(paidThrough, row.time_zone)}, more than a ${unit} ago: the member joins again.`,
      }
    else {
      // The renewal that lapsed, at what it would have charged (never more than the member was told).
      const cents = (await members.subscription(db, row.group_key, row.member_id, now))?.renewalCents ?? 0
      charge = {
        possible: true,
        amountCents: cents,
        periodStart: paidThrough,
        through: next,
        message: `Charges ${dollars(cents)} to ${cardWords} for the ${unit} from ${periodWords(paidThrough, next, row.time_zone)} (the renewal that lapsed), and covers the member through ${longDate(next, row.time_zone)}. Automatic renewal is on again.`,
      }
    }
  }
  if (charge.possible && !card) charge = { possible: false, message: 'There is no card on file to charge.' }
  return { charge, free }
}

const toQuoteOption = (option: Option): ReinstateQuote['charge'] =>
  option.possible
    ? {
        possible: true,
        message: option.message,
        amountCents: option.amountCents,
        through: option.through.toISOString(),
      }
    : { possible: false, message: option.message, amountCents: 0, through: null }

/** What reinstating would do now, with a charge and without one (the dialog says it before confirming). */
export async function reinstateQuote(deps: StaffMemberActionDeps, memberId: number): Promise<ReinstateQuote> {
  await findMember(deps.db, deps.tenant.groupKey, memberId)
  const found = await options(deps, await membershipOf(deps, memberId))
  return { charge: toQuoteOption(found.charge), free: toQuoteOption(found.free) }
}

/** The membership as it was read, still so under its lock (another request may have reinstated it). */
async function lockedAsRead(tx: Queryable, row: SubscriptionRow) {
  const locked = await lock(tx, row.id)
  if (
    !locked ||
    locked.status !== row.status ||
    locked.period_started_at.getTime() !== row.period_started_at.getTime() ||
    locked.paid_by_receipt_id !== row.paid_by_receipt_id
  )
    throw new Conflict('The membership changed meanwhile: open the member’s record again.')
  return locked
}

/**
 * Reinstates an expired or cancelled membership (`options` says how). With a charge: the card on
 * file, once per membership and ended period whatever is clicked twice (the payment's key is the
 * membership's state), a receipt naming the period and the people, the `reinstated` move with the
 * amount, the mail and the audit entry in the payment's transaction; a declined card changes nothing.
 */
export async function reinstate(
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  request: z.output<typeof memberReinstateSchema>,
) {
  const { db, tenant } = deps
  const { groupKey } = tenant
  const member = await findMember(db, groupKey, memberId)
  const row = await membershipOf(deps, memberId)
  const found = await options(deps, row)
  const option = request.charge ? found.charge : found.free
  if (!option.possible) throw new Conflict(option.message)
  const wording = await mailWording(deps, tenant)
  const base = await mailBase(db, groupKey, member)
  const card = await members.cardOnFile(db, groupKey, memberId)
  const now = deps.now()
  const before = { status: row.status, autoRenew: row.auto_renew, endsAt: row.ends_at?.toISOString() ?? null }

  /** The move, the told price, the mail and the entry: in the transaction of the change (and of the payment). */
  const write = async (tx: Queryable, receipt: { id: number; amountCents: number } | null) => {
    const locked = await lockedAsRead(tx, row)
    const lapsed = option.periodStart !== null
    if (receipt && lapsed)
      await insertRenewal(tx, {
        subscriptionId: row.id,
        periodStart: option.periodStart,
        receiptId: receipt.id,
        amountCents: receipt.amountCents,
      })
    await move(tx, locked, 'reinstated', staffActor(actor), now, {
      ...(receipt ? { amountCents: receipt.amountCents, receiptId: receipt.id } : {}),
      note: receipt ? 'Reinstated by member services with a charge' : 'Reinstated by member services without a charge',
      changes: {
        autoRenew: true,
        endsAt: null,
        renewsAt: option.through,
        declines: 0,
        nextRetryAt: null,
        chargeNotBefore: null,
        ...(lapsed ? { periodStartedAt: option.periodStart } : {}),
        ...(receipt ? { paidByReceiptId: receipt.id } : {}),
      },
    })
    // What the next renewal charges, told now (the mail says it): never more than told before.
    const renewalCents = await nextRenewalCents(tx, groupKey, memberId, option.through)
    await recordToldPriceFromNext(tx, row.id, renewalCents, now, 'reinstated')
    await sendMembershipMail(
      deps.mailer,
      wording,
      receipt ? 'reinstated_charged' : 'reinstated_free',
      {
        ...base,
        timeZone: row.time_zone,
        card: card?.last4 ?? '',
        date: option.through,
        renewalAmountCents: renewalCents,
        ...(receipt ? { amountCents: receipt.amountCents, receiptId: receipt.id } : {}),
      },
      tx,
    )
    await audit.record(
      tx,
      entry(deps, actor, memberId, 'reinstate', request.reason, {
        before,
        after: {
          status: 'active',
          autoRenew: true,
          renewsAt: option.through.toISOString(),
          chargedCents: receipt?.amountCents ?? 0,
          receiptId: receipt?.id ?? null,
        },
      }),
    )
  }

  if (!request.charge) {
    await db.transaction((tx) => write(tx, null))
    return answer(
      deps,
      memberId,
      `The membership is reinstated through ${longDate(option.through, row.time_zone)}, with nothing charged. The member is mailed.`,
    )
  }
  if (!card) throw new Conflict('There is no card on file to charge.')
  const [info, dependents] = await Promise.all([
    members.info(db, groupKey, memberId),
    members.dependents(db, groupKey, memberId),
  ])
  const people = [`${info.firstName} ${info.lastName}`, ...dependents.map((d) => `${d.firstName} ${d.lastName}`)]
  const plan = info.subscription?.planName ?? ''
  const description =
    option.periodStart !== null
      ? `${plan} plan, ${row.billing_cycle} renewal paid on reinstatement: ${periodWords(option.periodStart, option.through, row.time_zone)}, for ${people.join(', ')}`
      : `${plan} plan reinstated: its period to ${longDate(option.through, row.time_zone)}, the refund of receipt ${row.paid_by_receipt_id} charged back, for ${people.join(', ')}`
  // One charge per membership and ended period: a second click, or a second staff member, gets the first's answer.
  const key = `${row.id}:${row.status}:${row.period_started_at.toISOString()}:${row.paid_by_receipt_id ?? 0}`
  let paid: { receiptId: number; amountCents: number }
  try {
    paid = await once(
      deps,
      { groupKey, name: 'staff-reinstate' },
      key,
      z.object({ receiptId: z.number(), amountCents: z.number() }),
      async (step) => {
        const charge = await step.charge({
          token: card.processorToken,
          amountCents: option.amountCents,
          description,
          offSession: true,
        })
        return step.commit(async (tx) => {
          const receipt = await members.addReceipt(tx, groupKey, memberId, {
            description,
            amountCents: charge.amountCents,
            cardLast4: card.last4,
            paidAt: now,
            chargeId: charge.chargeId,
          })
          await write(tx, receipt)
          return { receiptId: receipt.id, amountCents: receipt.amountCents }
        })
      },
    )
  } catch (error) {
    if (error instanceof PaymentDeclined)
      throw new Conflict(
        `The card ending ${card.last4} was declined (${error.message}): nothing was charged, and the membership stays ${STATE_WORDS[row.status]}.`,
      )
    throw error
  }
  return answer(
    deps,
    memberId,
    `The membership is reinstated through ${longDate(option.through, row.time_zone)}: ${dollars(paid.amountCents)} charged to the card ending ${card.last4} (receipt ${paid.receiptId}). The member is mailed.`,
  )
}

// --- The renewal notice again ------------------------------------------------------------------

/**
 * Mails the renewal notice again and records that the member was told (renewal_told_at and
 * renewal_told_by, migration 022). An annual membership: a copy of the notice sent for its renewal
 * (its amount and charge day); when none went out inside the lawful window and its day has come,
 * the lifecycle's own notice (`lifecycle.notice`, which may move the charge). A monthly membership:
 * the price notice, when a change of price was told for its next renewal. The words are the
 * content's, as the lifecycle sends them.
 */
export async function resendRenewalNotice(deps: StaffMemberActionDeps, actor: Actor, memberId: number, reason: string) {
  const { db, tenant } = deps
  const { groupKey } = tenant
  const member = await findMember(db, groupKey, memberId)
  const row = await membershipOf(deps, memberId)
  const now = deps.now()
  if (row.status !== 'active' || !row.auto_renew)
    throw new Conflict(
      row.status === 'ending'
        ? 'Automatic renewal is off: there is no renewal to give notice of.'
        : `This membership is ${STATE_WORDS[row.status]}: there is no renewal notice to send.`,
    )
  const annual = row.billing_cycle === 'annual'
  const noticed = row.notice_sent_for?.getTime() === row.renews_at.getTime()
  const record = (tx: Queryable, after: Record<string, unknown>) =>
    audit.record(tx, entry(deps, actor, memberId, 'resend_renewal_notice', reason, { after }))
  if (annual && !(noticed && lawfulChargeAt(row.renews_at, row.notice_sent_at, now))) {
    const due = renewalNoticeAt(row.renews_at, 'annual', tenant.policy, row.time_zone)
    if (due > now)
      throw new Conflict(
        `The notice of the renewal on ${longDate(row.renews_at, row.time_zone)} goes out on ${longDate(due, row.time_zone)}: none has been sent yet to send again.`,
      )
    // None inside the lawful window: the lifecycle's own notice, as the jobs would send it now.
    if (!(await lifecycle.notice(deps, row.id, now)))
      throw new Conflict('The renewal notice could not be sent: open the member’s record again.')
    const sent = await lifecycle.row(db, row.id)
    await record(db, {
      mailedTo: member.email,
      kind: 'notice',
      amountCents: sent.renewal_cents,
      chargeOn: chargeDay(sent).toISOString(),
    })
    return answer(
      deps,
      memberId,
      `The renewal notice was mailed to ${member.email}: ${dollars(sent.renewal_cents ?? 0)} on ${longDate(chargeDay(sent), row.time_zone)}.`,
    )
  }
  const wording = await mailWording(deps, tenant)
  const base = await mailBase(db, groupKey, member)
  const card = await members.cardOnFile(db, groupKey, memberId)
  const price = await members.subscription(db, groupKey, memberId, row.renews_at)
  const told = await db.transaction(async (tx) => {
    const locked = await lock(tx, row.id)
    if (!locked || locked.status !== 'active' || !locked.auto_renew)
      throw new Conflict('The membership changed meanwhile: open the member’s record again.')
    const values = {
      ...base,
      timeZone: row.time_zone,
      card: card?.last4 ?? '',
      renewalOffUrl: renewalOffLink(deps.signer, tenant, locked),
    }
    if (annual) {
      // A copy of the notice: the amount the renewal charges and its day.
      const amountCents = heldPrice(locked, price?.priceCents ?? locked.renewal_cents ?? 0)
      const date = chargeDay(locked)
      await sendMembershipMail(deps.mailer, wording, 'notice', { ...values, amountCents, date }, tx)
      await recordToldPriceFromNext(tx, locked.id, amountCents, now, 'notice_resent')
      await record(tx, { mailedTo: member.email, kind: 'notice', amountCents, chargeOn: date.toISOString() })
      return { amountCents, date }
    }
    const from = locked.renewal_applies_from ?? chargeDay(locked)
    const changed =
      locked.renewal_cents !== null &&
      locked.prior_renewal_cents !== null &&
      locked.renewal_cents !== locked.prior_renewal_cents &&
      from >= chargeDay(locked)
    if (!changed)
      throw new Conflict(
        `A monthly membership is sent a notice only when its renewal price changes, and no change is told for its renewal on ${longDate(chargeDay(locked), row.time_zone)}.`,
      )
    const amountCents = locked.renewal_cents!
    await sendMembershipMail(
      deps.mailer,
      wording,
      'price_change',
      { ...values, amountCents, previousAmountCents: locked.prior_renewal_cents!, date: from },
      tx,
    )
    // The same price and the renewal it applies from: only when and how it was told change.
    await recordNoticeResent(tx, locked.id, now)
    await record(tx, { mailedTo: member.email, kind: 'price_change', amountCents, from: from.toISOString() })
    return { amountCents, date: from }
  })
  return answer(
    deps,
    memberId,
    `The renewal notice was mailed to ${member.email} again: ${dollars(told.amountCents)} from ${longDate(told.date, row.time_zone)}.`,
  )
}

// --- A written cancellation request --------------------------------------------------------------

/**
 * Records a cancellation the member asked for in writing on `requestedOn` (today or before, not
 * before the membership began) and cancels as of that day by the policy: the refund window and the
 * months used count to that day (its first moment in the membership's time zone), not to the day it
 * is typed in. The refunds are made (and dated) today; the history and the mail say the day it took
 * effect; the request is kept with what it gave.
 */
export async function recordWrittenCancellation(
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  request: z.output<typeof writtenCancellationSchema>,
) {
  const { db, tenant } = deps
  const { groupKey } = tenant
  await findMember(db, groupKey, memberId)
  const row = await membershipOf(deps, memberId)
  const now = deps.now()
  const field = (message: string) => new Invalid(message, [{ path: ['body', 'requestedOn'], message }])
  const today = dayIn(now, row.time_zone)
  if (request.requestedOn > today) throw field(`The request’s date cannot be after today (${today})`)
  const began = dayIn(row.started_at, row.time_zone)
  if (request.requestedOn < began) throw field(`The membership began on ${began}: the request cannot be dated before`)
  if (row.status === 'cancelled' || row.status === 'expired')
    throw new Conflict(`This membership is already ${STATE_WORDS[row.status]}: there is nothing to cancel.`)
  const asOf = new Date(
    Math.min(
      now.getTime(),
      Math.max(startOfDay(request.requestedOn, row.time_zone).getTime(), row.started_at.getTime()),
    ),
  )
  const state: { moved?: Parameters<Within>[1] } = {}
  const within: Within = async (tx, change) => {
    state.moved = change
    // The refunds are made today: the lifecycle dates them as of the request.
    await redateCancellationRefunds(tx, groupKey, memberId, asOf, now)
    await insertWrittenCancellation(tx, {
      groupKey,
      memberId,
      subscriptionId: row.id,
      requestedOn: request.requestedOn,
      recordedAt: now,
      recordedBy: actor.id,
      outcome: change.to === 'cancelled' ? 'now' : 'at_period_end',
      endsAt: change.endsAt ?? asOf,
      refundCents: change.refundCents,
    })
    await audit.record(
      tx,
      entry(deps, actor, memberId, 'written_cancellation', request.reason, {
        before: { status: change.from, autoRenew: row.auto_renew },
        after: {
          requestedOn: request.requestedOn,
          status: change.to,
          endsAt: change.endsAt?.toISOString() ?? null,
          refundCents: change.refundCents,
        },
      }),
    )
  }
  await lifecycle.cancel(
    deps,
    groupKey,
    memberId,
    asOf,
    staffActor(actor),
    `Written request dated ${request.requestedOn}`,
    within,
  )
  const done = state.moved
  if (!done)
    throw new Conflict(
      `As of ${longDate(asOf, row.time_zone)} the membership already ends on ${longDate(row.ends_at ?? row.renews_at, row.time_zone)}: there is nothing more to cancel.`,
    )
  return answer(
    deps,
    memberId,
    done.to === 'cancelled'
      ? `The written request of ${longDate(asOf, row.time_zone)} is recorded: the membership is cancelled as of that day${done.refundCents > 0 ? `, and ${dollars(done.refundCents)} refunded` : ', with nothing to refund'}.`
      : `The written request of ${longDate(asOf, row.time_zone)} is recorded: past the refund window on that day, the membership ends on ${longDate(done.endsAt!, row.time_zone)}, with nothing refunded.`,
  )
}
