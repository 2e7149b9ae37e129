import type { z } from '#schemas/engine/zod.ts'
import type { Dependent, MemberInfo, memberUpdateSchema, Receipt, Subscription } from '#schemas/api/members.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { profileOf, setEmail, updateContact } from '../../platform/auth/account-store.ts'
import { emailInUse } from './accounts.ts'
import { renewalCharge } from '#schemas/membership-policy.ts'
import { Conflict } from '../../platform/errors.ts'
import type { CardToken } from '../../platform/payments/payments.ts'
import { dependentsOf, latestWithPlans, type dependentRow } from './member-store.ts'
import {
  cardOf,
  cardTokenOf,
  insertReceipt,
  insertRefund,
  receiptOf,
  receiptsOf,
  saveCard,
  type memberReceiptRow,
} from './payment-store.ts'
import { checkCoupon, familyPlans, priceOf } from '../plans/index.ts'

/** A postal address, when the account has all of it (a member who joined has; a staff account need not). */
export const addressOf = (row: {
  address_line: string | null
  city: string | null
  state: string | null
  zip: string | null
}) =>
  row.address_line && row.city && row.state && row.zip
    ? { line: row.address_line, city: row.city, state: row.state, zip: row.zip }
    : null

/** A member's number, as printed on the ID card. */
export const memberNumber = (groupKey: string, id: number) =>
  `${groupKey.slice(0, 3).toUpperCase()}${String(id).padStart(7, '0')}`

export const toDependent = (row: z.infer<typeof dependentRow>): Dependent => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  relationship: row.relationship,
  planId: row.plan_id,
})

const toReceipt = (row: z.infer<typeof memberReceiptRow>): Receipt => ({
  id: row.id,
  description: row.description,
  amountCents: row.amount_cents,
  cardLast4: row.card_last4,
  paidAt: row.paid_at.toISOString(),
  refundedCents: row.refunded_cents,
})

/** A membership's told renewal price, as the database keeps it (migration 022). */
export interface ToldColumns {
  renews_at: Date
  charge_not_before: Date | null
  renewal_cents: number | null
  prior_renewal_cents: number | null
  renewal_applies_from: Date | null
}

/** The day a renewal is charged: its date, or later when its notice went out late. */
export const chargeDay = (row: Pick<ToldColumns, 'renews_at' | 'charge_not_before'>) =>
  row.charge_not_before && row.charge_not_before > row.renews_at ? row.charge_not_before : row.renews_at

/**
 * What the next renewal charges, given the price of the day: never more than the member was told
 * for it (schemas/membership-policy.ts `renewalCharge`). The dashboard shows it, the jobs charge it.
 */
export const heldPrice = (row: ToldColumns, listCents: number) =>
  renewalCharge({
    currentCents: listCents,
    chargeDay: chargeDay(row),
    told: row.renewal_cents === null ? null : { cents: row.renewal_cents, appliesFrom: row.renewal_applies_from },
    prior: row.prior_renewal_cents,
  })

/** A member's data; every query is scoped to the member and the tenant. */
export const members = {
  async dependents(db: Queryable, groupKey: string, memberId: number): Promise<Dependent[]> {
    return (await dependentsOf(db, groupKey, memberId)).map(toDependent)
  },

  /**
   * The member's latest membership, priced as its next renewal at `at`: every member's own plan
   * (with the price changes scheduled by then), and the coupon it was bought with while that coupon
   * still applies (`priceCents`); `renewalCents` is what that renewal charges, never more than the
   * member was told (`heldPrice`).
   */
  async subscription(db: Queryable, groupKey: string, memberId: number, at = new Date()): Promise<Subscription | null> {
    const row = await latestWithPlans(db, groupKey, memberId, at)
    if (!row) return null
    const price = priceOf(
      familyPlans(row.plan, row.dependents),
      row.billing_cycle,
      row.coupon_code && row.office_id !== null
        ? await checkCoupon(db, groupKey, row.coupon_code, row.plan_id, row.office_id, at)
        : undefined,
      false,
    )
    return {
      id: row.id,
      planId: row.plan_id,
      planName: row.plan_name,
      officeId: row.office_id,
      officeName: row.office_name,
      billingCycle: row.billing_cycle,
      status: row.status,
      autoRenew: row.auto_renew,
      startedAt: row.started_at.toISOString(),
      renewsAt: row.renews_at.toISOString(),
      endsAt: row.ends_at?.toISOString() ?? null,
      nextRetryAt: row.next_retry_at?.toISOString() ?? null,
      priceCents: price.totalCents,
      renewalCents: heldPrice(row, price.totalCents),
      timeZone: row.time_zone,
    }
  },

  async info(db: Queryable, groupKey: string, memberId: number): Promise<MemberInfo> {
    const user = await profileOf(db, groupKey, memberId)
    if (!user) throw new Error(`Member ${memberId} not found`)
    const card = await cardOf(db, groupKey, memberId)
    return {
      id: user.id,
      memberNumber: memberNumber(groupKey, user.id),
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      phone: user.phone,
      address: addressOf(user),
      dateOfBirth: user.date_of_birth,
      balanceCents: user.balance_cents,
      language: user.language,
      emailVerified: user.email_verified,
      subscription: await members.subscription(db, groupKey, memberId),
      dependents: await members.dependents(db, groupKey, memberId),
      paymentMethod: card
        ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
        : null,
    }
  },

  async receipts(db: Queryable, groupKey: string, memberId: number): Promise<Receipt[]> {
    return (await receiptsOf(db, groupKey, memberId)).map(toReceipt)
  },

  /** One of the member's receipts: another member's answers exactly as a missing one (undefined). */
  async receipt(db: Queryable, groupKey: string, memberId: number, id: number): Promise<Receipt | undefined> {
    const row = await receiptOf(db, groupKey, memberId, id)
    return row && toReceipt(row)
  },

  /** Keeps the receipt of a payment (in the payment's transaction). */
  async addReceipt(
    tx: Queryable,
    groupKey: string,
    memberId: number,
    receipt: { description: string; amountCents: number; cardLast4: string; paidAt: Date; chargeId: string },
  ): Promise<Receipt> {
    const row = await insertReceipt(tx, groupKey, memberId, receipt)
    return toReceipt(row)
  },

  /** Refunds the processor made, each kept once with its receipt (a replay of one answers the same refund id). */
  async addRefunds(
    tx: Queryable,
    groupKey: string,
    refunds: readonly { receiptId: number; refundId: string; amountCents: number }[],
    reason: string,
    at: Date,
  ): Promise<void> {
    for (const refund of refunds) await insertRefund(tx, groupKey, refund, reason, at)
  },

  /** The member's card on file (one per member): the processor's token and what a receipt shows. */
  async saveCard(db: Queryable, groupKey: string, memberId: number, card: CardToken): Promise<void> {
    await saveCard(db, groupKey, memberId, card)
  },

  /** The card a payment charges: the processor's token and its last four digits, if the member has one. */
  async cardOnFile(
    db: Queryable,
    groupKey: string,
    memberId: number,
  ): Promise<{ processorToken: string; last4: string } | undefined> {
    const card = await cardTokenOf(db, groupKey, memberId)
    return card && { processorToken: card.processor_token, last4: card.last4 }
  },

  /** Changes the fields sent (an email address only when no other account of the tenant uses it). */
  async update(
    db: Queryable,
    groupKey: string,
    memberId: number,
    change: z.output<typeof memberUpdateSchema>,
  ): Promise<MemberInfo> {
    if (change.email) {
      if (await emailInUse(db, groupKey, change.email, memberId))
        throw new Conflict('Another account uses this email address.', {
          issues: [{ path: ['body', 'email'], message: 'Another account uses this email address' }],
        })
      await setEmail(db, groupKey, memberId, change.email)
    }
    await updateContact(db, groupKey, memberId, {
      firstName: change.firstName ?? null,
      lastName: change.lastName ?? null,
      phone: change.phone ?? null,
      addressLine: change.address?.line ?? null,
      city: change.address?.city ?? null,
      state: change.address?.state ?? null,
      zip: change.address?.zip ?? null,
      language: change.language ?? null,
    })
    return members.info(db, groupKey, memberId)
  },
}
