import type { z } from '#schemas/engine/zod.ts'
import type { memberContactSchema, memberRefundSchema } from '#schemas/api/members.ts'
import type { MembershipState } from '#schemas/membership-states.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { Conflict, Invalid, notFound } from '../../platform/errors.ts'
import { idCard } from './id-cards.ts'
import { processorKey } from '../../platform/idempotency.ts'
import { lifecycle, type LifecycleDeps, type Within } from './membership-lifecycle.ts'
import { longDate, mailWording, sendMembershipMail, type MailWording } from './membership-mail.ts'
import { members } from './members.ts'
import { insertRequestedRefund, refundableReceipt, refundByRequest } from './payment-store.ts'
import { PaymentFailed } from '../../platform/payments/payments.ts'
import type { Actor } from '../staff/index.ts'
import { contactOf, findMember, memberRecord, type MemberRow } from './staff-members.ts'
import { dollars } from '../plans/index.ts'

/**
 * Member services' actions on a member (issue 29, docs/adr/0026). Each takes a reason and leaves
 * exactly one audit entry, with the record before and after, in the transaction of its change
 * (the lifecycle's own for renewal and cancellation: `Within`). The member sees the result on
 * their dashboard, read by the same services, and is mailed where the rules say so, in the
 * content's words (schemas/membership-mails.ts).
 */
export type StaffMemberActionDeps = LifecycleDeps & {
  tenant: LifecycleDeps['tenants']['tenants'][number]
  now: () => Date
}

type Audited = Parameters<typeof audit.record>[1]
export const entry = (
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  action: string,
  reason: string,
  change: Pick<Audited, 'before' | 'after'>,
): Audited => ({
  groupKey: deps.tenant.groupKey,
  actorId: actor.id,
  action: `member.${action}`,
  subject: `member:${memberId}`,
  reason,
  ...change,
  address: actor.address,
})

export const staffActor = (actor: Actor) => `staff:${actor.id}` as const

export const answer = async (deps: StaffMemberActionDeps, memberId: number, message: string) => ({
  member: await memberRecord(deps, memberId),
  message,
})

/** The member's values every membership mail says (to, first name, plan). */
export async function mailBase(db: Queryable, groupKey: string, row: MemberRow) {
  const subscription = await members.subscription(db, groupKey, row.id)
  return { to: row.email, firstName: row.first_name, language: row.language, plan: subscription?.planName ?? '' }
}

/** Each card as the mail lists it: the person, the number, the plan and its dates, the office. */
async function cardLines(db: Queryable, groupKey: string, memberId: number) {
  const info = await members.info(db, groupKey, memberId)
  const cards = [
    await idCard(db, groupKey, memberId, memberId, 'member'),
    ...(await Promise.all(
      info.dependents.map((dependent) => idCard(db, groupKey, memberId, dependent.id, 'dependent')),
    )),
  ]
  return {
    numbers: cards.map((card) => card.memberNumber),
    text: cards
      .map((card) =>
        [
          `${card.name} (${card.relationship})`,
          `Member number: ${card.memberNumber}`,
          `Plan: ${card.planName}, valid ${card.effectiveDate} to ${card.validThrough}${card.endedOn ? ` (ended on ${card.endedOn})` : ''}`,
          ...(card.officeName
            ? [`Office: ${card.officeName}${card.customerServicePhone ? `, ${card.customerServicePhone}` : ''}`]
            : []),
        ].join('\n'),
      )
      .join('\n\n'),
  }
}

/** Sends a mail and records its entry in one transaction: both are kept, or neither. */
async function mailAndRecord(
  deps: StaffMemberActionDeps,
  wording: MailWording,
  mail: Parameters<typeof sendMembershipMail>[2],
  values: Parameters<typeof sendMembershipMail>[3],
  record: Audited,
) {
  await deps.db.transaction(async (tx) => {
    await sendMembershipMail(deps.mailer, wording, mail, values, tx)
    await audit.record(tx, record)
  })
}

export async function resendIdCard(deps: StaffMemberActionDeps, actor: Actor, memberId: number, reason: string) {
  const { db, tenant } = deps
  const row = await findMember(db, tenant.groupKey, memberId)
  if (!(await members.subscription(db, tenant.groupKey, memberId)))
    throw new Conflict('This member has no membership: there is no ID card to send.')
  const cards = await cardLines(db, tenant.groupKey, memberId)
  const wording = await mailWording(deps, tenant)
  await mailAndRecord(
    deps,
    wording,
    'id_card',
    { ...(await mailBase(db, tenant.groupKey, row)), cards: cards.text },
    entry(deps, actor, memberId, 'resend_id_card', reason, { after: { mailedTo: row.email, cards: cards.numbers } }),
  )
  return answer(deps, memberId, `The ID cards were mailed to ${row.email}.`)
}

export async function resendReceipt(
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  receiptId: number,
  reason: string,
) {
  const { db, tenant } = deps
  const row = await findMember(db, tenant.groupKey, memberId)
  const receipt = await members.receipt(db, tenant.groupKey, memberId, receiptId)
  if (!receipt) throw notFound('Receipt')
  const wording = await mailWording(deps, tenant)
  await mailAndRecord(
    deps,
    wording,
    'receipt',
    {
      ...(await mailBase(db, tenant.groupKey, row)),
      receiptId,
      date: new Date(receipt.paidAt),
      description: receipt.description,
      amountCents: receipt.amountCents,
      card: receipt.cardLast4,
      refundedCents: receipt.refundedCents,
    },
    entry(deps, actor, memberId, 'resend_receipt', reason, { after: { mailedTo: row.email, receiptId } }),
  )
  return answer(deps, memberId, `Receipt ${receiptId} was mailed to ${row.email}.`)
}

/** The membership as the audit trail keeps it before a change. */
export async function membershipBefore(deps: StaffMemberActionDeps, memberId: number) {
  const subscription = await members.subscription(deps.db, deps.tenant.groupKey, memberId)
  if (!subscription) throw new Conflict('This member has no membership.')
  return {
    status: subscription.status,
    autoRenew: subscription.autoRenew,
    endsAt: subscription.endsAt,
    timeZone: subscription.timeZone,
  }
}

/** The lifecycle's move, audited in its transaction; `moved` says whether it ran. */
export function audited(deps: StaffMemberActionDeps, actor: Actor, memberId: number, action: string, reason: string) {
  const state = { moved: undefined as { to: MembershipState; endsAt: Date | null; refundCents: number } | undefined }
  const within: Within = async (tx, moved) => {
    state.moved = moved
    await audit.record(
      tx,
      entry(deps, actor, memberId, action, reason, {
        before: { status: moved.from },
        after: {
          status: moved.to,
          autoRenew: false,
          endsAt: moved.endsAt?.toISOString() ?? null,
          refundCents: moved.refundCents,
        },
      }),
    )
  }
  return { state, within }
}

export async function turnAutoRenewOff(deps: StaffMemberActionDeps, actor: Actor, memberId: number, reason: string) {
  await findMember(deps.db, deps.tenant.groupKey, memberId)
  const before = await membershipBefore(deps, memberId)
  const { state, within } = audited(deps, actor, memberId, 'auto_renew_off', reason)
  await lifecycle.setAutoRenew(deps, deps.tenant.groupKey, memberId, false, deps.now(), staffActor(actor), within)
  if (!state.moved)
    throw new Conflict(
      `Automatic renewal is already off: the membership ends on ${before.endsAt ? longDate(before.endsAt, before.timeZone) : 'its renewal date'}.`,
    )
  return answer(
    deps,
    memberId,
    `Automatic renewal is off: the membership ends on ${longDate(state.moved.endsAt!, before.timeZone)}.`,
  )
}

export async function cancelMembership(deps: StaffMemberActionDeps, actor: Actor, memberId: number, reason: string) {
  await findMember(deps.db, deps.tenant.groupKey, memberId)
  const before = await membershipBefore(deps, memberId)
  const { state, within } = audited(deps, actor, memberId, 'cancel', reason)
  await lifecycle.cancel(deps, deps.tenant.groupKey, memberId, deps.now(), staffActor(actor), reason, within)
  const moved = state.moved
  if (!moved)
    throw new Conflict(
      `This membership already ends on ${before.endsAt ? longDate(before.endsAt, before.timeZone) : 'its renewal date'}: there is nothing to cancel.`,
    )
  return answer(
    deps,
    memberId,
    moved.to === 'cancelled'
      ? `The membership is cancelled${moved.refundCents > 0 ? ` and ${dollars(moved.refundCents)} refunded` : ''}.`
      : `Past the refund window: the membership ends on ${longDate(moved.endsAt!, before.timeZone)}, with nothing refunded.`,
  )
}

/**
 * Refunds a receipt, in full (no amount: all that is left) or in part, through the processor.
 * The request's key makes it happen once: the same request again answers the refund made (no
 * second refund, entry or mail), and the processor's key (from the receipt and the request's)
 * refunds once even when two arrive at once. More than is left of the receipt is refused.
 */
export async function refundReceipt(
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  receiptId: number,
  request: z.output<typeof memberRefundSchema>,
) {
  const { db, tenant } = deps
  const { groupKey } = tenant
  const row = await findMember(db, groupKey, memberId)
  const receipt = await refundableReceipt(db, groupKey, memberId, receiptId)
  if (!receipt) throw notFound('Receipt')
  const earlier = await refundByRequest(db, groupKey, request.idempotencyKey)
  if (earlier) {
    if (earlier.receipt_id !== receiptId || (request.amountCents ?? earlier.amount_cents) !== earlier.amount_cents)
      throw new Conflict('This request’s key was used for another refund. Open the refund again.')
    return answer(deps, memberId, `${dollars(earlier.amount_cents)} of receipt ${receiptId} is refunded.`)
  }
  const left = receipt.amount_cents - receipt.refunded_cents
  if (left <= 0) throw new Conflict(`Receipt ${receiptId} is refunded in full: nothing is left to refund.`)
  const amountCents = request.amountCents ?? left
  if (amountCents > left) {
    const message = `Refund at most ${dollars(left)}: that is what is left of receipt ${receiptId}.`
    throw new Conflict(message, { issues: [{ path: ['body', 'amountCents'], message }] })
  }
  if (!receipt.charge_id) throw new Conflict('This payment cannot be refunded online: refund it with the processor.')
  const wording = await mailWording(deps, tenant)
  const base = await mailBase(db, groupKey, row)
  let refund
  try {
    refund = await deps.payments.refund({
      chargeId: receipt.charge_id,
      amountCents,
      idempotencyKey: processorKey({ groupKey, name: 'staff-refund' }, `${receiptId}:${request.idempotencyKey}`),
    })
  } catch (error) {
    // Another refund of the charge came first (the processor counts what is left too).
    if (error instanceof PaymentFailed) throw new Conflict(`The processor refused the refund: ${error.message}`)
    throw error
  }
  const now = deps.now()
  await db.transaction(async (tx) => {
    // The same request answered by another at once: its refund row, entry and mail are kept already.
    const made = await insertRequestedRefund(tx, groupKey, {
      receiptId,
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      reason: request.reason,
      at: now,
      requestKey: request.idempotencyKey,
    })
    if (!made) return
    await sendMembershipMail(
      deps.mailer,
      wording,
      'refunded',
      { ...base, amountCents: refund.amountCents, receiptId, card: receipt.card_last4, date: now },
      tx,
    )
    await audit.record(
      tx,
      entry(deps, actor, memberId, 'refund', request.reason, {
        before: { receiptId, amountCents: receipt.amount_cents, refundedCents: receipt.refunded_cents },
        after: {
          receiptId,
          amountCents: receipt.amount_cents,
          refundedCents: receipt.refunded_cents + refund.amountCents,
          refundId: refund.refundId,
        },
      }),
    )
  })
  return answer(deps, memberId, `${dollars(refund.amountCents)} of receipt ${receiptId} is refunded.`)
}

const NOTHING_TO_CORRECT = 'Send an email, a phone number or an address to correct'

/** Corrects the member's contact details (checked by the contract as the profile form checks them). */
export async function correctContact(
  deps: StaffMemberActionDeps,
  actor: Actor,
  memberId: number,
  change: z.output<typeof memberContactSchema>,
) {
  const { groupKey } = deps.tenant
  await deps.db.transaction(async (tx) => {
    const before = contactOf(await findMember(tx, groupKey, memberId))
    const { reason, ...fields } = change
    if (Object.keys(fields).length === 0)
      throw new Invalid(NOTHING_TO_CORRECT, [{ path: ['body'], message: NOTHING_TO_CORRECT }])
    const info = await members.update(tx, groupKey, memberId, fields)
    const after = { email: info.email, phone: info.phone, address: info.address }
    await audit.record(tx, entry(deps, actor, memberId, 'contact', reason, { before, after }))
  })
  return answer(deps, memberId, 'The contact details are corrected.')
}
