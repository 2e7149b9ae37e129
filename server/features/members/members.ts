import { membershipStateSchema } from '#schemas/membership-lifecycle.ts'
import { z } from '#schemas/engine/zod.ts'
import type { Dependent, MemberInfo, memberUpdateSchema, Receipt, Subscription } from '#schemas/api/member.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'
import { emailInUse } from './accounts.ts'
import { checkCoupon, familyPlans, planRow, priceOf } from '../directory/index.ts'
import { renewalCharge } from '#schemas/membership-policy.ts'
import { Conflict } from '../../platform/errors.ts'
import { planAtSql } from '../plans/index.ts'
import type { CardToken } from '../../platform/payments/payments.ts'

/** A member's number, as printed on the ID card. */
export const memberNumber = (groupKey: string, id: number) =>
  `${groupKey.slice(0, 3).toUpperCase()}${String(id).padStart(7, '0')}`

const RECEIPT_COLUMNS =
  'id, description, amount_cents, card_last4, paid_at, (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = receipts.id) AS refunded_cents'

/** A member's row in `users` (their contact details and balance), as the member's pages and member services read it. */
export const memberUserRow = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.nullable(z.string()),
  address_line: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  date_of_birth: z.nullable(z.string()),
  balance_cents: z.number(),
})
const userRow = z.extend(memberUserRow, { email_verified: z.boolean() })

const subscriptionRow = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  office_id: z.nullable(z.number()),
  office_name: z.nullable(z.string()),
  billing_cycle: z.enum(['monthly', 'annual']),
  status: membershipStateSchema,
  auto_renew: z.boolean(),
  started_at: z.coerce.date(),
  renews_at: z.coerce.date(),
  ends_at: z.nullable(z.coerce.date()),
  next_retry_at: z.nullable(z.coerce.date()),
  coupon_code: z.nullable(z.string()),
  charge_not_before: z.nullable(z.coerce.date()),
  renewal_cents: z.nullable(z.number()),
  prior_renewal_cents: z.nullable(z.number()),
  renewal_applies_from: z.nullable(z.coerce.date()),
  time_zone: z.string(),
  plan: planRow,
  dependents: z.array(z.object({ id: z.number(), plan: z.nullable(planRow) })),
})

export const dependentRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
  relationship: z.enum(['spouse', 'partner', 'child', 'other']),
  plan_id: z.nullable(z.number()),
})

export const toDependent = (row: z.infer<typeof dependentRow>): Dependent => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  relationship: row.relationship,
  planId: row.plan_id,
})

const receiptRow = z.object({
  id: z.number(),
  description: z.string(),
  amount_cents: z.number(),
  card_last4: z.string(),
  paid_at: z.coerce.date(),
  refunded_cents: z.number(),
})
const toReceipt = (row: z.infer<typeof receiptRow>): Receipt => ({
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
    const rows = await many(
      db,
      dependentRow,
      'SELECT id, first_name, last_name, date_of_birth, relationship, plan_id FROM dependents WHERE group_key = $1 AND member_id = $2 ORDER BY id',
      [groupKey, memberId],
    )
    return rows.map(toDependent)
  },

  /**
   * The member's latest membership, priced as its next renewal at `at`: every member's own plan
   * (with the price changes scheduled by then), and the coupon it was bought with while that coupon
   * still applies (`priceCents`); `renewalCents` is what that renewal charges, never more than the
   * member was told (`heldPrice`).
   */
  async subscription(db: Queryable, groupKey: string, memberId: number, at = new Date()): Promise<Subscription | null> {
    // One statement with its plan and each dependent's own: the jobs price every renewal with it
    // (bench/renewals.ts), and on the embedded database every statement is a round trip.
    const row = await maybeOne(
      db,
      subscriptionRow,
      `SELECT s.id, s.plan_id, p.name AS plan_name, s.office_id, o.name AS office_name, s.billing_cycle, s.status, s.auto_renew, s.started_at, s.renews_at, s.ends_at, s.next_retry_at, s.coupon_code, s.charge_not_before, s.renewal_cents, s.prior_renewal_cents, s.renewal_applies_from, s.time_zone,
              ${planAtSql('p', '$3::timestamptz')} AS plan,
              COALESCE((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'plan', ${planAtSql('dp', '$3::timestamptz')}) ORDER BY d.id)
                          FROM dependents d LEFT JOIN plans dp ON dp.group_key = d.group_key AND dp.id = d.plan_id
                         WHERE d.group_key = s.group_key AND d.member_id = s.member_id), '[]') AS dependents
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN offices o ON o.id = s.office_id
        WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1`,
      [groupKey, memberId, at],
    )
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
    const user = await maybeOne(db, userRow, 'SELECT * FROM users WHERE group_key = $1 AND id = $2', [
      groupKey,
      memberId,
    ])
    if (!user) throw new Error(`Member ${memberId} not found`)
    const card = await maybeOne(
      db,
      z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
      'SELECT brand, last4, exp_month, exp_year FROM payment_methods WHERE group_key = $1 AND member_id = $2',
      [groupKey, memberId],
    )
    return {
      id: user.id,
      memberNumber: memberNumber(groupKey, user.id),
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      phone: user.phone,
      address:
        user.address_line && user.city && user.state && user.zip
          ? { line: user.address_line, city: user.city, state: user.state, zip: user.zip }
          : null,
      dateOfBirth: user.date_of_birth,
      balanceCents: user.balance_cents,
      emailVerified: user.email_verified,
      subscription: await members.subscription(db, groupKey, memberId),
      dependents: await members.dependents(db, groupKey, memberId),
      paymentMethod: card
        ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
        : null,
    }
  },

  async receipts(db: Queryable, groupKey: string, memberId: number): Promise<Receipt[]> {
    return (
      await many(
        db,
        receiptRow,
        `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE group_key = $1 AND member_id = $2 ORDER BY paid_at DESC, id DESC`,
        [groupKey, memberId],
      )
    ).map(toReceipt)
  },

  /** One of the member's receipts: another member's answers exactly as a missing one (undefined). */
  async receipt(db: Queryable, groupKey: string, memberId: number, id: number): Promise<Receipt | undefined> {
    const row = await maybeOne(
      db,
      receiptRow,
      `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE group_key = $1 AND id = $2 AND member_id = $3`,
      [groupKey, id, memberId],
    )
    return row && toReceipt(row)
  },

  /** Keeps the receipt of a payment (in the payment's transaction). */
  async addReceipt(
    tx: Queryable,
    groupKey: string,
    memberId: number,
    receipt: { description: string; amountCents: number; cardLast4: string; paidAt: Date; chargeId: string },
  ): Promise<Receipt> {
    const row = await one(
      tx,
      receiptRow,
      `INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${RECEIPT_COLUMNS}`,
      [
        groupKey,
        memberId,
        receipt.description,
        receipt.amountCents,
        receipt.cardLast4,
        receipt.paidAt,
        receipt.chargeId,
      ],
    )
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
    for (const refund of refunds)
      await tx.query(
        'INSERT INTO refunds (group_key, receipt_id, refund_id, amount_cents, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (refund_id) DO NOTHING',
        [groupKey, refund.receiptId, refund.refundId, refund.amountCents, reason, at],
      )
  },

  /** The member's card on file (one per member): the processor's token and what a receipt shows. */
  async saveCard(db: Queryable, groupKey: string, memberId: number, card: CardToken): Promise<void> {
    await db.query(
      `INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (member_id) DO UPDATE SET processor_token = EXCLUDED.processor_token, brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, billing_zip = EXCLUDED.billing_zip`,
      [memberId, groupKey, card.token, card.brand, card.last4, card.expMonth, card.expYear, card.zip],
    )
  },

  /** The card a payment charges: the processor's token and its last four digits, if the member has one. */
  async cardOnFile(
    db: Queryable,
    groupKey: string,
    memberId: number,
  ): Promise<{ processorToken: string; last4: string } | undefined> {
    const card = await maybeOne(
      db,
      z.object({ processor_token: z.string(), last4: z.string() }),
      'SELECT processor_token, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2',
      [groupKey, memberId],
    )
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
      await db.query('UPDATE users SET email = $3 WHERE group_key = $1 AND id = $2', [groupKey, memberId, change.email])
    }
    await db.query(
      `UPDATE users SET first_name = coalesce($3, first_name), last_name = coalesce($4, last_name), phone = coalesce($5, phone),
         address_line = coalesce($6, address_line), city = coalesce($7, city), state = coalesce($8, state), zip = coalesce($9, zip)
       WHERE group_key = $1 AND id = $2`,
      [
        groupKey,
        memberId,
        change.firstName ?? null,
        change.lastName ?? null,
        change.phone ?? null,
        change.address?.line ?? null,
        change.address?.city ?? null,
        change.address?.state ?? null,
        change.address?.zip ?? null,
      ],
    )
    return members.info(db, groupKey, memberId)
  },
}
