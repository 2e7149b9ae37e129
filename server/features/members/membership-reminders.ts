import { z } from '#schemas/engine/zod.ts'
import { DEFAULT_POLICY, type MembershipPolicy } from '#schemas/membership-policy.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'
import type { LifecycleDeps } from './membership-lifecycle.ts'
import { mailWording, sendMembershipMail } from './membership-mail.ts'
import { members } from './members.ts'
import { renewalOffLink } from './renewal-link-url.ts'

/**
 * The mails that remind, each exactly once (issue 40, 5): the card on file expires before the
 * renewal (`cardExpiryNoticeDays` before it, once per renewal date), and the yearly reminder to a
 * monthly member of their automatic renewal (on each anniversary of joining; California's AB 2863).
 * The sweep (server/platform/jobs/queue.ts) sends a job for each one due; `membership_reminders` (migration
 * 024) keeps what was sent, and its key makes a second send insert nothing and mail nothing.
 */
export type ReminderKind = 'card_expiry' | 'annual_reminder'
export const REMINDER_KINDS: readonly ReminderKind[] = ['card_expiry', 'annual_reminder']

const dueRow = z.object({
  id: z.number(),
  kind: z.enum(['card_expiry', 'annual_reminder']),
  group_key: z.string(),
  due_for: z.coerce.date(),
})
type DueRow = z.infer<typeof dueRow>

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
      JOIN users u ON u.id = s.member_id
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

async function dueAt(
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
const detailsRow = z.object({
  member_id: z.number(),
  email: z.string(),
  first_name: z.string(),
  plan: z.string(),
  billing_cycle: z.enum(['monthly', 'annual']),
  renews_at: z.coerce.date(),
  time_zone: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
})

async function details(db: Queryable, due: DueRow) {
  const row = await maybeOne(
    db,
    detailsRow,
    `SELECT s.member_id, u.email, u.first_name, p.name AS plan, s.billing_cycle, s.renews_at, s.time_zone, m.brand, m.last4, m.exp_month, m.exp_year
       FROM subscriptions s JOIN users u ON u.id = s.member_id JOIN plans p ON p.id = s.plan_id
       JOIN payment_methods m ON m.member_id = s.member_id AND m.group_key = s.group_key
      WHERE s.id = $1`,
    [due.id],
  )
  if (!row) return undefined
  // What the next renewal charges: never more than the member was told (members.ts `heldPrice`).
  const price = await members.subscription(db, due.group_key, row.member_id, row.renews_at)
  return { ...row, amountCents: price?.renewalCents ?? null }
}

const tenantOf = (deps: Pick<LifecycleDeps, 'tenants'>, groupKey: string): Tenant => {
  const tenant = deps.tenants.tenants.find((candidate) => candidate.groupKey === groupKey)
  if (!tenant) throw new Error(`No tenant ${groupKey} is configured for its memberships`)
  return tenant
}

export const reminders = {
  /** The reminders due at `now`, one per membership and kind, oldest first. */
  async due(
    db: Queryable,
    now: Date,
    tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[] = [],
    only?: ReminderKind,
  ) {
    return (await dueAt(db, now, tenants, only && { kind: only })).map(({ id, kind }) => ({ id, kind }))
  },

  /**
   * Sends a membership's reminder of `kind` if it is due at `now`, and records it in the same
   * transaction: a second call (another worker, a run again) finds it recorded and sends nothing. A
   * card updated meanwhile to one valid at the renewal is no longer due. Answers whether it went out.
   */
  async send(deps: LifecycleDeps, kind: ReminderKind, id: number, now: Date): Promise<boolean> {
    const [seen] = await dueAt(deps.db, now, deps.tenants.tenants, { kind, id })
    if (!seen) return false
    // The words are read before the transaction: on the embedded database it holds the one connection.
    const wording = await mailWording(deps, tenantOf(deps, seen.group_key))
    return deps.db.transaction(async (tx) => {
      // Under the membership's lock, as the lifecycle moves it: what is due is read as it now is.
      await tx.query('SELECT id FROM subscriptions WHERE id = $1 FOR UPDATE', [id])
      const [due] = await dueAt(tx, now, deps.tenants.tenants, { kind, id })
      if (!due) return false
      const about = await details(tx, due)
      if (!about || about.amountCents === null) return false
      const recorded = await tx.query(
        `INSERT INTO membership_reminders (subscription_id, kind, due_for, sent_at, card_last4, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING subscription_id`,
        [id, kind, due.due_for, now, about.last4, about.amountCents],
      )
      if (recorded.length === 0) return false
      await sendMembershipMail(
        deps.mailer,
        wording,
        kind,
        {
          to: about.email,
          firstName: about.first_name,
          plan: about.plan,
          timeZone: about.time_zone,
          amountCents: about.amountCents,
          date: about.renews_at,
          card: about.last4,
          brand: about.brand,
          expiry: { month: about.exp_month, year: about.exp_year },
          cycle: about.billing_cycle,
          renewalOffUrl:
            kind === 'annual_reminder'
              ? renewalOffLink(deps.signer, wording.tenant, { id, renews_at: about.renews_at })
              : undefined,
        },
        tx,
      )
      return true
    })
  },

  /** What a run at `now` would mail, changing nothing (the jobs' dry run, server/features/members/operator.ts). */
  async preview(deps: Pick<LifecycleDeps, 'db' | 'tenants'>, now: Date) {
    const items = []
    for (const due of await dueAt(deps.db, now, deps.tenants.tenants, undefined)) {
      const about = await details(deps.db, due)
      if (!about) continue
      const card = `${about.brand} ending ${about.last4}`
      const expiry = `${String(about.exp_month).padStart(2, '0')}/${about.exp_year}`
      items.push({
        id: due.id,
        kind: due.kind,
        email: about.email,
        at: about.renews_at,
        amountCents: about.amountCents,
        note:
          due.kind === 'card_expiry'
            ? `card expiry mail: the ${card} (expires ${expiry}) does not reach this renewal; update it on the dashboard`
            : `yearly reminder of the monthly renewal (anniversary ${due.due_for.toISOString().slice(0, 10)}): amount, card ${card}, how to cancel`,
      })
    }
    return items
  },
}
