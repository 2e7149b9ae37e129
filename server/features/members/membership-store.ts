import { z } from '#schemas/engine/zod.ts'
import {
  membershipStateSchema,
  transition,
  type ChangeInPlace,
  type MembershipEvent,
} from '#schemas/membership-lifecycle.ts'
import { DEFAULT_POLICY, noticeDays, type MembershipPolicy } from '#schemas/membership-policy.ts'
import { periodEnd, type BillingCycle } from '#schemas/periods.ts'
import type { MembershipState } from '#schemas/membership-states.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import { many, maybeOne, one, type Param, type Queryable } from '../../platform/db/database.ts'
import type { Signer } from '../../platform/auth/signing.ts'
import { Conflict } from '../../platform/errors.ts'
import { type PaymentDeps } from '../../platform/idempotency.ts'
import { type MembershipMailDeps } from './membership-mail.ts'

/**
 * A membership's life on the database: every move goes through `move`, which checks it against the
 * model (schemas/membership-lifecycle.ts) and records it as an event. The jobs (server/features/members/jobs.ts) renew,
 * retry, end and notify; the API cancels, reinstates and turns renewal on and off.
 */
export interface LifecycleDeps extends PaymentDeps, MembershipMailDeps {
  tenants: Pick<TenantsConfig, 'tenants'>
  /** Signs the renewal notice's one-click link (server/features/members/renewal-links.ts). */
  signer: Pick<Signer, 'sign' | 'verify'>
}

/**
 * What a caller does in a move's own transaction, given the move (member services' audit entry:
 * kept exactly when the move is).
 */
export type Within = (
  tx: Queryable,
  moved: { from: MembershipState; to: MembershipState; endsAt: Date | null; refundCents: number },
) => Promise<void>

/** Who moved a membership: the member, a staff member (`staff:{id}`), the jobs, or the checkout. */
export type Actor = 'member' | 'jobs' | 'checkout' | `staff:${number}`

export const subscriptionRow = z.object({
  id: z.number(),
  group_key: z.string(),
  member_id: z.number(),
  plan_id: z.number(),
  billing_cycle: z.enum(['monthly', 'annual']),
  status: membershipStateSchema,
  auto_renew: z.boolean(),
  started_at: z.coerce.date(),
  renews_at: z.coerce.date(),
  period_started_at: z.coerce.date(),
  declines: z.number(),
  next_retry_at: z.nullable(z.coerce.date()),
  ends_at: z.nullable(z.coerce.date()),
  notice_sent_for: z.nullable(z.coerce.date()),
  paid_by_receipt_id: z.nullable(z.number()),
  renewal_cents: z.nullable(z.number()),
  renewal_told_at: z.nullable(z.coerce.date()),
  prior_renewal_cents: z.nullable(z.number()),
  renewal_applies_from: z.nullable(z.coerce.date()),
  notice_sent_at: z.nullable(z.coerce.date()),
  charge_not_before: z.nullable(z.coerce.date()),
  enrollment_fee_cents: z.number(),
  /** The member's time zone when they joined: the membership's days are counted there (migration 025). */
  time_zone: z.string(),
})
export type SubscriptionRow = z.infer<typeof subscriptionRow>
export const COLUMNS =
  'id, group_key, member_id, plan_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at, declines, next_retry_at, ends_at, notice_sent_for, paid_by_receipt_id, renewal_cents, renewal_told_at, prior_renewal_cents, renewal_applies_from, notice_sent_at, charge_not_before, enrollment_fee_cents, time_zone'

/** A subscription, locked for the transaction (another worker waits, then sees what this one did). */
export const lock = (tx: Queryable, id: number) =>
  maybeOne(tx, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1 FOR UPDATE`, [id])

/** Locks a subscription for the transaction without reading it. */
export async function lockId(tx: Queryable, id: number) {
  await tx.query('SELECT id FROM subscriptions WHERE id = $1 FOR UPDATE', [id])
}

export const subscriptionById = (db: Queryable, id: number) =>
  maybeOne(db, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1`, [id])

/** The columns a move may change besides the state. */
export const CHANGES = {
  autoRenew: 'auto_renew',
  renewsAt: 'renews_at',
  periodStartedAt: 'period_started_at',
  declines: 'declines',
  nextRetryAt: 'next_retry_at',
  endsAt: 'ends_at',
  paidByReceiptId: 'paid_by_receipt_id',
  renewalCents: 'renewal_cents',
  renewalToldAt: 'renewal_told_at',
  renewalToldBy: 'renewal_told_by',
  priorRenewalCents: 'prior_renewal_cents',
  noticeSentFor: 'notice_sent_for',
  noticeSentAt: 'notice_sent_at',
  chargeNotBefore: 'charge_not_before',
} as const
export type Changes = Partial<Record<keyof typeof CHANGES, Param>>

export const INSERT_EVENT =
  'INSERT INTO membership_events (group_key, subscription_id, at, actor, event, from_state, to_state, amount_cents, receipt_id, note)'

/** Moves a membership by `event` (InvalidTransition when the model refuses it) and records the move. */
export async function move(
  tx: Queryable,
  subscription: SubscriptionRow,
  event: MembershipEvent,
  actor: Actor,
  at: Date,
  record: { amountCents?: number; receiptId?: number; note?: string; changes?: Changes } = {},
): Promise<MembershipState> {
  const to = transition(subscription.status, event)
  const changes = Object.entries(record.changes ?? {}) as [keyof typeof CHANGES, Param][]
  const next = changes.length + 3
  // The row and its event in one statement: on the embedded database every statement is a round
  // trip, and the jobs move each membership due twice a renewal (bench/renewals.ts). Only from the
  // state it was read in: under the row's lock that always holds, and without the lock (the jobs'
  // claim) a membership another worker moved first is not moved again (`NotMoved`). The state
  // includes its period: one another worker renewed meanwhile is active again, a period later, and
  // taking it from there would charge the next period early.
  const moved = await tx.query(
    `WITH moved AS (UPDATE subscriptions SET status = $2${changes.map(([name], index) => `, ${CHANGES[name]} = $${index + 3}`).join('')} WHERE id = $1 AND status = $${next + 3} AND date_trunc('milliseconds', renews_at) = $${next + 7} RETURNING id, group_key)
     ${INSERT_EVENT} SELECT group_key, id, $${next}::timestamptz, $${next + 1}, $${next + 2}, $${next + 3}, $2, $${next + 4}::integer, $${next + 5}::integer, $${next + 6} FROM moved RETURNING id`,
    [
      subscription.id,
      to,
      ...changes.map(([, value]) => value),
      at,
      actor,
      event,
      subscription.status,
      record.amountCents ?? null,
      record.receiptId ?? null,
      record.note ?? null,
      subscription.renews_at,
    ],
  )
  if (moved.length === 0) throw new NotMoved(subscription.id, subscription.status)
  return to
}

/** The membership was no longer in the state a move was read in: another worker or request moved it first. */
export class NotMoved extends Error {
  override readonly name = 'NotMoved'
  constructor(id: number, from: MembershipState) {
    super(`Subscription ${id} is no longer ${from}`)
  }
}

export async function recordEvent(
  tx: Queryable,
  subscription: Pick<SubscriptionRow, 'id' | 'group_key'>,
  event: {
    event: MembershipEvent | ChangeInPlace | 'joined'
    actor: Actor
    at: Date
    from: MembershipState | null
    to: MembershipState
    amountCents?: number | undefined
    receiptId?: number | undefined
    note?: string | undefined
  },
) {
  await tx.query(`${INSERT_EVENT} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
    subscription.group_key,
    subscription.id,
    event.at,
    event.actor,
    event.event,
    event.from,
    event.to,
    event.amountCents ?? null,
    event.receiptId ?? null,
    event.note ?? null,
  ])
}

/** The renewal after `periodStart`: the next period's end on the membership's own day of the month. */
export function nextRenewal(startedAt: Date, cycle: BillingCycle, periodStart: Date, timeZone: string): Date {
  let periods = 1
  while (periodEnd(startedAt, cycle, timeZone, periods) <= periodStart) periods += 1
  return periodEnd(startedAt, cycle, timeZone, periods)
}

export const tenantOf = (deps: LifecycleDeps, groupKey: string): Tenant => {
  const tenant = deps.tenants.tenants.find((candidate) => candidate.groupKey === groupKey)
  if (!tenant) throw new Error(`No tenant ${groupKey} is configured for its memberships`)
  return tenant
}

/** What is due at `now`: one job per membership and kind (server/features/members/jobs.ts). */
export type DueKind = 'renew' | 'expire' | 'notice'
export const dueRow = z.object({ id: z.number(), kind: z.enum(['renew', 'expire', 'notice']) })

export type RenewOutcome = 'renewed' | 'declined' | 'expired' | 'noticed' | 'skipped'

/** Each tenant's notice lead in days, for the due query (the defaults for a tenant not listed). */
export function noticeLeads(tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[]) {
  const days = (policy: MembershipPolicy) => ({
    annual: noticeDays('annual', policy),
    monthly: noticeDays('monthly', policy),
  })
  return {
    groupKeys: tenants.map((tenant) => tenant.groupKey),
    annual: tenants.map((tenant) => days(tenant.policy).annual),
    monthly: tenants.map((tenant) => days(tenant.policy).monthly),
    defaults: days(DEFAULT_POLICY),
  }
}

export const groupOf = async (db: Queryable, id: number) =>
  (
    await maybeOne(
      db,
      z.pick(subscriptionRow, { group_key: true }),
      'SELECT group_key FROM subscriptions WHERE id = $1',
      [id],
    )
  )?.group_key

/** The member's latest membership, locked when in a transaction; 409 when there is none. */
export async function latest(db: Queryable, groupKey: string, memberId: number): Promise<SubscriptionRow> {
  const row = await maybeOne(
    db,
    subscriptionRow,
    `SELECT ${COLUMNS} FROM subscriptions WHERE group_key = $1 AND member_id = $2 ORDER BY id DESC LIMIT 1`,
    [groupKey, memberId],
  )
  if (!row) throw new Conflict('You have no membership yet. Join from your dashboard.')
  return row
}

/** A membership's rows: what is due, one row, its history. */
export const membershipStore = {
  /**
   * The memberships with work due at `now` (`only` of that kind), oldest first, at most `limit`. A
   * notice is due from its tenant's lead (`noticeDays`: the annual notice, or a monthly renewal's price check).
   */
  async due(
    db: Queryable,
    now: Date,
    limit = 10_000,
    tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[] = [],
    only?: DueKind,
  ): Promise<{ id: number; kind: DueKind }[]> {
    const leads = noticeLeads(tenants)
    return many(
      db,
      dueRow,
      `SELECT id, kind FROM (
         SELECT id, 'renew' AS kind, renews_at AS at FROM subscriptions
          WHERE (status = 'active' AND auto_renew AND renews_at <= $1 AND (charge_not_before IS NULL OR charge_not_before <= $1))
             OR status = 'renewing'
         UNION ALL
         SELECT id, 'renew', next_retry_at FROM subscriptions WHERE status = 'past_due' AND next_retry_at <= $1
         UNION ALL
         SELECT id, 'expire', ends_at FROM subscriptions WHERE status = 'ending' AND ends_at <= $1
         UNION ALL
         SELECT s.id, 'notice', s.renews_at FROM subscriptions s
           LEFT JOIN unnest($3::text[], $4::int[], $5::int[]) AS lead (group_key, annual, monthly) USING (group_key)
          WHERE s.status = 'active' AND s.auto_renew AND s.renews_at > $1 AND s.notice_sent_for IS DISTINCT FROM s.renews_at
            AND s.renews_at <= $1::timestamptz + make_interval(days => CASE s.billing_cycle
                  WHEN 'annual' THEN COALESCE(lead.annual, $6) ELSE COALESCE(lead.monthly, $7) END)
       ) due WHERE $8::text IS NULL OR kind = $8 ORDER BY at, id LIMIT $2`,
      [
        now,
        limit,
        leads.groupKeys,
        leads.annual,
        leads.monthly,
        leads.defaults.annual,
        leads.defaults.monthly,
        only ?? null,
      ],
    )
  },

  /** A membership as the lifecycle reads it. */
  async row(db: Queryable, id: number): Promise<SubscriptionRow> {
    const row = await subscriptionById(db, id)
    if (!row) throw new Error(`No subscription ${id}`)
    return row
  },

  /** The membership's history, newest first. */
  async history(db: Queryable, groupKey: string, memberId: number) {
    return many(
      db,
      z.object({
        at: z.coerce.date(),
        event: z.string(),
        actor: z.string(),
        from_state: z.nullable(membershipStateSchema),
        to_state: membershipStateSchema,
        amount_cents: z.nullable(z.number()),
        receipt_id: z.nullable(z.number()),
      }),
      `SELECT e.at, e.event, e.actor, e.from_state, e.to_state, e.amount_cents, e.receipt_id
         FROM membership_events e JOIN subscriptions s ON s.id = e.subscription_id
        WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY e.at DESC, e.id DESC LIMIT 200`,
      [groupKey, memberId],
    )
  },
}

// --- Starting, and changes without a move --------------------------------------------------------

/** What a new membership starts with. */
export interface NewMembership {
  planId: number
  officeId: number
  billingCycle: BillingCycle
  /** The member's time zone (`memberTimeZone`): the membership's days are counted there. */
  timeZone: string
  startedAt: Date
  renewsAt: Date
  receiptId: number
  /** The coupon the order used: renewals get it too while it still applies. */
  couponCode: string | null
}

/** A new membership, active from `startedAt` and paid by `receiptId`; answers its id. */
export async function insertSubscription(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  order: NewMembership,
): Promise<number> {
  const { id } = await one(
    tx,
    z.pick(subscriptionRow, { id: true }),
    "INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at, paid_by_receipt_id, coupon_code, time_zone) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7, $6, $8, $9, $10) RETURNING id",
    [
      groupKey,
      memberId,
      order.planId,
      order.officeId,
      order.billingCycle,
      order.startedAt,
      order.renewsAt,
      order.receiptId,
      order.couponCode,
      order.timeZone,
    ],
  )
  return id
}

/** The renewal price agreed to when joining, and the enrollment fee paid. */
export async function recordJoiningPrice(
  tx: Queryable,
  id: number,
  renewalCents: number | null,
  at: Date,
  enrollmentFeeCents: number,
) {
  await tx.query(
    "UPDATE subscriptions SET renewal_cents = $2, renewal_told_at = $3, renewal_told_by = 'joined', enrollment_fee_cents = $4 WHERE id = $1",
    [id, renewalCents, at, enrollmentFeeCents],
  )
}

/** The consent to the automatic renewal terms, on the member's newest membership: when, and the text. */
export async function recordConsent(tx: Queryable, groupKey: string, memberId: number, at: Date, terms: string) {
  await tx.query(
    `UPDATE subscriptions SET renewal_consent_at = $3, renewal_consent_text = $4
      WHERE id = (SELECT max(id) FROM subscriptions WHERE group_key = $1 AND member_id = $2)`,
    [groupKey, memberId, at, terms],
  )
}

export async function setPlan(db: Queryable, groupKey: string, id: number, planId: number) {
  await db.query('UPDATE subscriptions SET plan_id = $3 WHERE group_key = $1 AND id = $2', [groupKey, id, planId])
}

/** Holds an annual renewal's charge until `at` (15 days after its notice). */
export async function holdCharge(db: Queryable, id: number, at: Date) {
  await db.query('UPDATE subscriptions SET charge_not_before = $2 WHERE id = $1', [id, at])
}

// --- Notices and the renewal price told ----------------------------------------------------------

/** A monthly renewal's price check done at `now` (a notice goes out only when the price moved). */
export async function recordNoticeChecked(tx: Queryable, id: number, now: Date) {
  await tx.query('UPDATE subscriptions SET notice_sent_for = renews_at, notice_sent_at = $2 WHERE id = $1', [id, now])
}

/** An annual notice sent at `now`: the amount it states is the price told, charged from `chargeNotBefore` when late. */
export async function recordAnnualNotice(
  tx: Queryable,
  id: number,
  now: Date,
  chargeNotBefore: Date | null,
  amountCents: number,
) {
  await tx.query(
    "UPDATE subscriptions SET notice_sent_for = renews_at, notice_sent_at = $2, charge_not_before = $3, renewal_cents = $4, renewal_told_at = $2, renewal_told_by = 'notice', prior_renewal_cents = NULL, renewal_applies_from = NULL WHERE id = $1",
    [id, now, chargeNotBefore, amountCents],
  )
}

/** A renewal price told at `now` (`by`: how), applying from `from`, with what the renewals before then charge (`prior`). */
export async function recordToldPrice(
  tx: Queryable,
  id: number,
  told: { cents: number; now: Date; by: string; prior: number | null; from: Date },
) {
  await tx.query(
    'UPDATE subscriptions SET renewal_cents = $2, renewal_told_at = $3, renewal_told_by = $4, prior_renewal_cents = $5, renewal_applies_from = $6 WHERE id = $1',
    [id, told.cents, told.now, told.by, told.prior, told.from],
  )
}

/** A renewal price told at `now` (`by`: how) that applies from the next renewal on. */
export async function recordToldPriceFromNext(tx: Queryable, id: number, cents: number, now: Date, by: string) {
  await tx.query(
    'UPDATE subscriptions SET renewal_cents = $2, renewal_told_at = $3, renewal_told_by = $4, prior_renewal_cents = NULL, renewal_applies_from = NULL WHERE id = $1',
    [id, cents, now, by],
  )
}

/** The renewal notice sent again at `now`: the price told stays, only when and how it was told change. */
export async function recordNoticeResent(tx: Queryable, id: number, now: Date) {
  await tx.query("UPDATE subscriptions SET renewal_told_at = $2, renewal_told_by = 'notice_resent' WHERE id = $1", [
    id,
    now,
  ])
}

/** The renewal price the member was last told, when and how. */
export const renewalToldOf = (db: Queryable, id: number) =>
  maybeOne(
    db,
    z.extend(z.pick(subscriptionRow, { renewal_cents: true, renewal_told_at: true }), {
      renewal_told_by: z.nullable(z.string()),
    }),
    'SELECT renewal_cents, renewal_told_at, renewal_told_by FROM subscriptions WHERE id = $1',
    [id],
  )

// --- What the mails say --------------------------------------------------------------------------

/** What the mails say about the member and their plan, read with the membership. */
const mailValuesRow = z.object({
  email: z.string(),
  first_name: z.string(),
  plan: z.string(),
  last4: z.nullable(z.string()),
  /** The member's language (null: the site's default): the mails are written in it. */
  language: z.nullable(z.string()),
})
export type MailValuesRow = z.infer<typeof mailValuesRow>

/** The member's address and first name, the plan's name and the card on file's last four digits. */
export const mailValuesFor = (db: Queryable, memberId: number, planId: number) =>
  one(
    db,
    mailValuesRow,
    `SELECT u.email, u.first_name, p.name AS plan, m.last4, u.language
       FROM people u JOIN plan_catalog p ON p.id = $2 LEFT JOIN payment_methods m ON m.member_id = u.id
      WHERE u.id = $1`,
    [memberId, planId],
  )

/** A renewal's membership, with its card on file and what its mails say. */
const renewalRow = z.extend(subscriptionRow, {
  ...mailValuesRow.shape,
  processor_token: z.nullable(z.string()),
  /** Everyone the renewal pays for, as its receipt names them. */
  people: z.string(),
})

/** A membership being renewed, locked, with its card and everyone it pays for: one statement (bench/renewals.ts). */
export const lockForRenewal = (db: Queryable, id: number) =>
  maybeOne(
    db,
    renewalRow,
    `SELECT ${COLUMNS.split(', ')
      .map((column) => `s.${column}`)
      .join(', ')}, m.processor_token, m.last4, u.email, u.first_name, u.language, p.name AS plan,
                  concat_ws(', ', u.first_name || ' ' || u.last_name, (SELECT string_agg(d.first_name || ' ' || d.last_name, ', ' ORDER BY d.id)
                    FROM dependents d WHERE d.group_key = s.group_key AND d.member_id = s.member_id)) AS people
             FROM subscriptions s JOIN people u ON u.id = s.member_id JOIN plan_catalog p ON p.id = s.plan_id
             LEFT JOIN payment_methods m ON m.group_key = s.group_key AND m.member_id = s.member_id
            WHERE s.id = $1 FOR UPDATE OF s`,
    [id],
  )
