import { z } from '#schemas/engine/zod.ts'
import { DEFAULT_POLICY, type MembershipPolicy } from '#schemas/membership-policy.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

/**
 * The reminders on the database (membership-reminders.ts sends them): what is due, what a reminder
 * says, and `membership_reminders` (migration 024), which keeps what was sent; its key makes a
 * second send insert nothing.
 */
export type ReminderKind = 'card_expiry' | 'annual_reminder'

const dueRow = z.object({
  id: z.number(),
  kind: z.enum(['card_expiry', 'annual_reminder']),
  group_key: z.string(),
  due_for: z.coerce.date(),
})
export type DueRow = z.infer<typeof dueRow>

/** Each tenant's policy as the due query reads it (the defaults for a tenant not listed). */
function policyColumns(tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[]) {
  const reminderAll = (policy: MembershipPolicy) => (policy.annualReminderForMonthly ? 1 : 0)
  const states = (policy: MembershipPolicy) => policy.annualReminderStates.join(',')
  return {
    groupKeys: tenants.map((tenant) => tenant.groupKey),
    cardDays: tenants.map((tenant) => tenant.policy.cardExpiryNoticeDays),
    reminderAll: tenants.map((tenant) => reminderAll(tenant.policy)),
    reminderStates: tenants.map((tenant) => states(tenant.policy)),
    defaults: {
      cardDays: DEFAULT_POLICY.cardExpiryNoticeDays,
      reminderAll: reminderAll(DEFAULT_POLICY),
      reminderStates: states(DEFAULT_POLICY),
    },
  }
}

/**
 * What is due at `$1`, one statement for the sweep and the job alike (`$9`: one membership, or all):
 * the job sends exactly what the sweep saw due, so a job never finds nothing to do while the sweep
 * keeps sending it. A card is valid through the end of its expiry month: it no longer pays from the
 * first of the next month (UTC). The anniversary of joining is counted in UTC years (29 February's
 * is 28 February, as PostgreSQL adds a year).
 */
const DUE = `
  WITH policy AS (
    SELECT * FROM unnest($2::text[], $3::int[], $4::int[], $5::text[]) AS p (group_key, card_days, reminder_all, reminder_states)
  )
  SELECT id, kind, group_key, due_for FROM (
    SELECT s.id, 'card_expiry' AS kind, s.group_key, s.renews_at AS due_for
      FROM subscriptions s
      JOIN payment_methods m ON m.member_id = s.member_id AND m.group_key = s.group_key
      LEFT JOIN policy p ON p.group_key = s.group_key
     WHERE s.status = 'active' AND s.auto_renew AND s.renews_at > $1
       AND s.renews_at <= $1::timestamptz + make_interval(days => COALESCE(p.card_days, $6))
       AND make_timestamptz(m.exp_year + m.exp_month / 12, m.exp_month % 12 + 1, 1, 0, 0, 0, 'UTC') <= s.renews_at
       AND ($8::text IS NULL OR $8 = 'card_expiry') AND ($9::int IS NULL OR s.id = $9)
       AND NOT EXISTS (SELECT 1 FROM membership_reminders r
                        WHERE r.subscription_id = s.id AND r.kind = 'card_expiry' AND r.due_for = s.renews_at)
    UNION ALL
    SELECT s.id, 'annual_reminder', s.group_key, a.at
      FROM subscriptions s
      JOIN people u ON u.id = s.member_id
      -- What is charged is named by the card on file: without one, nothing renews to remind of.
      JOIN payment_methods m ON m.member_id = s.member_id AND m.group_key = s.group_key
      LEFT JOIN policy p ON p.group_key = s.group_key
      CROSS JOIN LATERAL (
        SELECT ((s.started_at AT TIME ZONE 'UTC')
                 + make_interval(years => date_part('year', age($1::timestamptz AT TIME ZONE 'UTC', s.started_at AT TIME ZONE 'UTC'))::int)
               ) AT TIME ZONE 'UTC' AS at
      ) a
     WHERE s.status = 'active' AND s.auto_renew AND s.billing_cycle = 'monthly'
       AND a.at > s.started_at AND a.at <= $1
       AND (COALESCE(p.reminder_all, $7) = 1 OR u.state = ANY(string_to_array(COALESCE(p.reminder_states, $10), ',')))
       AND ($8::text IS NULL OR $8 = 'annual_reminder') AND ($9::int IS NULL OR s.id = $9)
       AND NOT EXISTS (SELECT 1 FROM membership_reminders r
                        WHERE r.subscription_id = s.id AND r.kind = 'annual_reminder' AND r.due_for = a.at)
  ) due ORDER BY due_for, id`

/** The reminders due at `now` by each tenant's policy, oldest first (`only`: of one kind, or one membership's). */
export function remindersDue(
  db: Queryable,
  now: Date,
  tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[],
  only: { kind: ReminderKind; id?: number } | undefined,
): Promise<DueRow[]> {
  const policy = policyColumns(tenants)
  return many(db, dueRow, DUE, [
    now,
    policy.groupKeys,
    policy.cardDays,
    policy.reminderAll,
    policy.reminderStates,
    policy.defaults.cardDays,
    policy.defaults.reminderAll,
    only?.kind ?? null,
    only?.id ?? null,
    policy.defaults.reminderStates,
  ])
}

/** What a reminder says: the member, their plan, the card on file, and the next renewal. */
export const reminderDetails = (db: Queryable, subscriptionId: number) =>
  maybeOne(
    db,
    z.object({
      member_id: z.number(),
      email: z.string(),
      first_name: z.string(),
      language: z.nullable(z.string()),
      plan: z.string(),
      billing_cycle: z.enum(['monthly', 'annual']),
      renews_at: z.coerce.date(),
      time_zone: z.string(),
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number(),
      exp_year: z.number(),
    }),
    `SELECT s.member_id, u.email, u.first_name, u.language, p.name AS plan, s.billing_cycle, s.renews_at, s.time_zone, m.brand, m.last4, m.exp_month, m.exp_year
       FROM subscriptions s JOIN people u ON u.id = s.member_id JOIN plan_catalog p ON p.id = s.plan_id
       JOIN payment_methods m ON m.member_id = s.member_id AND m.group_key = s.group_key
      WHERE s.id = $1`,
    [subscriptionId],
  )

/** Records a reminder sent; false when it was recorded already (nothing is to be mailed then). */
export async function recordReminder(
  tx: Queryable,
  reminder: {
    subscriptionId: number
    kind: ReminderKind
    dueFor: Date
    sentAt: Date
    cardLast4: string
    amountCents: number
  },
): Promise<boolean> {
  const recorded = await tx.query(
    `INSERT INTO membership_reminders (subscription_id, kind, due_for, sent_at, card_last4, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING subscription_id`,
    [
      reminder.subscriptionId,
      reminder.kind,
      reminder.dueFor,
      reminder.sentAt,
      reminder.cardLast4,
      reminder.amountCents,
    ],
  )
  return recorded.length > 0
}
