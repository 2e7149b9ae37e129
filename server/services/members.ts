import { z } from '#schemas/engine/zod.ts'
import type { Dependent, MemberInfo, Receipt, Subscription } from '#schemas/api/member.ts'
import { many, maybeOne, type Queryable } from '../db/database.ts'
import { catalog, priceOf } from './catalog.ts'

/** A member's number, as printed on the ID card. */
export const memberNumber = (groupKey: string, id: number) =>
  `${groupKey.slice(0, 3).toUpperCase()}${String(id).padStart(7, '0')}`

const userRow = z.object({
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
  email_verified: z.boolean(),
})

const subscriptionRow = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  office_id: z.nullable(z.number()),
  office_name: z.nullable(z.string()),
  billing_cycle: z.enum(['monthly', 'annual']),
  status: z.enum(['active', 'expired', 'cancelled']),
  auto_renew: z.boolean(),
  started_at: z.coerce.date(),
  renews_at: z.coerce.date(),
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

export const receiptRow = z.object({
  id: z.number(),
  description: z.string(),
  amount_cents: z.number(),
  card_last4: z.string(),
  paid_at: z.coerce.date(),
})
export const toReceipt = (row: z.infer<typeof receiptRow>): Receipt => ({
  id: row.id,
  description: row.description,
  amountCents: row.amount_cents,
  cardLast4: row.card_last4,
  paidAt: row.paid_at.toISOString(),
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

  async subscription(db: Queryable, groupKey: string, memberId: number): Promise<Subscription | null> {
    const row = await maybeOne(
      db,
      subscriptionRow,
      `SELECT s.id, s.plan_id, p.name AS plan_name, s.office_id, o.name AS office_name, s.billing_cycle, s.status, s.auto_renew, s.started_at, s.renews_at
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN offices o ON o.id = s.office_id
        WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1`,
      [groupKey, memberId],
    )
    if (!row) return null
    const plan = await catalog.plan(db, groupKey, row.plan_id)
    if (!plan) throw new Error(`Plan ${row.plan_id} of subscription ${row.id} not found`)
    const price = priceOf(
      await catalog.memberPlans(db, groupKey, plan, await members.dependents(db, groupKey, memberId)),
      row.billing_cycle,
      undefined,
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
      priceCents: price.totalCents,
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
        'SELECT id, description, amount_cents, card_last4, paid_at FROM receipts WHERE group_key = $1 AND member_id = $2 ORDER BY paid_at DESC',
        [groupKey, memberId],
      )
    ).map(toReceipt)
  },
}
