import { z } from '#schemas/engine/zod.ts'
import {
  changeInPlace,
  membershipStateSchema,
  transition,
  type ChangeInPlace,
  type MembershipEvent,
} from '#schemas/membership-lifecycle.ts'
import {
  cancellationOutcome,
  DEFAULT_POLICY,
  firstChargeableRenewal,
  graceEndsAt,
  lawfulChargeAt,
  maxPrepaidMonths,
  nextRetryAt,
  noticeDays,
  toldInTime,
  renewalNoticeAt,
  withinPrepaidTerm,
  type CancellationOutcome,
  type MembershipPolicy,
  type PaidChange,
  type PaidPeriod,
} from '#schemas/membership-policy.ts'
import { periodEnd, type BillingCycle } from '#schemas/periods.ts'
import type { MembershipState } from '#schemas/membership-states.ts'
import type { MembershipMailKind } from '#schemas/membership-mails.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import { many, maybeOne, one, type Param, type Queryable } from '../../platform/db/database.ts'
import type { Signer } from '../../platform/auth/signing.ts'
import { Conflict } from '../../platform/errors.ts'
import { once, processorKey, type PaymentDeps } from '../../platform/idempotency.ts'
import {
  longDate,
  periodWords,
  mailWording,
  sendMembershipMail,
  type MailWording,
  type MembershipMailDeps,
  type MembershipMailValues,
} from './membership-mail.ts'
import { chargeDay, heldPrice, members } from './members.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import { PaymentDeclined } from '../../platform/payments/payments.ts'

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

const subscriptionRow = z.object({
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
const COLUMNS =
  'id, group_key, member_id, plan_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at, declines, next_retry_at, ends_at, notice_sent_for, paid_by_receipt_id, renewal_cents, renewal_told_at, prior_renewal_cents, renewal_applies_from, notice_sent_at, charge_not_before, enrollment_fee_cents, time_zone'

/** A subscription, locked for the transaction (another worker waits, then sees what this one did). */
export const lock = (tx: Queryable, id: number) =>
  maybeOne(tx, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1 FOR UPDATE`, [id])

/** The columns a move may change besides the state. */
const CHANGES = {
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
type Changes = Partial<Record<keyof typeof CHANGES, Param>>

const INSERT_EVENT =
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
  // claim) a membership another worker moved first is not moved again (`NotMoved`).
  const moved = await tx.query(
    `WITH moved AS (UPDATE subscriptions SET status = $2${changes.map(([name], index) => `, ${CHANGES[name]} = $${index + 3}`).join('')} WHERE id = $1 AND status = $${next + 3} RETURNING id, group_key)
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
    ],
  )
  if (moved.length === 0) throw new NotMoved(subscription.id, subscription.status)
  return to
}

/** The membership was no longer in the state a move was read in: another worker or request moved it first. */
class NotMoved extends Error {
  override readonly name = 'NotMoved'
  constructor(id: number, from: MembershipState) {
    super(`Subscription ${id} is no longer ${from}`)
  }
}

async function recordEvent(
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

const tenantOf = (deps: LifecycleDeps, groupKey: string): Tenant => {
  const tenant = deps.tenants.tenants.find((candidate) => candidate.groupKey === groupKey)
  if (!tenant) throw new Error(`No tenant ${groupKey} is configured for its memberships`)
  return tenant
}

/** What the mails say about the member and their plan, read with the membership. */
const mailValuesRow = z.object({
  email: z.string(),
  first_name: z.string(),
  plan: z.string(),
  last4: z.nullable(z.string()),
})
const mailValuesOf = (row: z.infer<typeof mailValuesRow>) => ({
  to: row.email,
  firstName: row.first_name,
  plan: row.plan,
  card: row.last4 ?? '',
})

/** A renewal's membership, with its card on file and what its mails say. */
const renewalRow = z.extend(subscriptionRow, {
  ...mailValuesRow.shape,
  processor_token: z.nullable(z.string()),
  /** Everyone the renewal pays for, as its receipt names them. */
  people: z.string(),
})

/** What the mails say about the member and their plan. */
async function mailValues(db: Queryable, subscription: SubscriptionRow) {
  const row = await one(
    db,
    mailValuesRow,
    `SELECT u.email, u.first_name, p.name AS plan, m.last4
       FROM users u JOIN plans p ON p.id = $2 LEFT JOIN payment_methods m ON m.member_id = u.id
      WHERE u.id = $1`,
    [subscription.member_id, subscription.plan_id],
  )
  return { ...mailValuesOf(row), timeZone: subscription.time_zone }
}

/**
 * What an annual notice sent now says: the day the renewal may be charged (its date, or 15 days
 * from now when the notice is late) and the amount: the price of the day, unless it is higher than
 * what the member was told and cannot be told `priceNoticeDays` before that day (then what they
 * were told holds, and the next year's notice tells the new price).
 */
function annualNotice(subscription: SubscriptionRow, currentCents: number, now: Date, policy: MembershipPolicy) {
  const chargeAt = lawfulChargeAt(subscription.renews_at, now, now) ?? subscription.renews_at
  const held = heldPrice(subscription, currentCents)
  const amountCents =
    currentCents <= held || toldInTime(now, chargeAt, policy.priceNoticeDays, subscription.time_zone)
      ? currentCents
      : held
  return { chargeAt, amountCents }
}

/**
 * Takes a membership whose renewal (or retry) is due at `now` for the jobs, in two statements
 * without a transaction: the membership as it is, then, when it is active, its move to renewing,
 * which another worker's claim made first turns into nothing to do. A renewing or past-due one is
 * answered as it is: the payment's claim (`once`) decides which worker charges it. An annual
 * renewal whose notice did not go out inside the lawful window is not taken: `notice_due` (its
 * notice goes out now and moves the charge), or nothing yet while that notice runs.
 */
async function claimRenewal(
  db: Queryable,
  id: number,
  now: Date,
  actor: Actor,
  force: boolean,
): Promise<SubscriptionRow | 'notice_due' | undefined> {
  const subscription = await maybeOne(db, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1`, [id])
  if (!subscription) return undefined
  if (subscription.status === 'renewing') return subscription
  if (subscription.status === 'past_due')
    return force || (subscription.next_retry_at !== null && subscription.next_retry_at <= now)
      ? subscription
      : undefined
  if (subscription.status !== 'active' || !subscription.auto_renew || subscription.renews_at > now) return undefined
  if (subscription.billing_cycle === 'annual') {
    const noticed = subscription.notice_sent_for?.getTime() === subscription.renews_at.getTime()
    const lawful = lawfulChargeAt(subscription.renews_at, noticed ? subscription.notice_sent_at : null, now)
    if (!lawful) return 'notice_due'
    if (lawful > now) {
      await db.query('UPDATE subscriptions SET charge_not_before = $2 WHERE id = $1', [id, lawful])
      return undefined
    }
  }
  try {
    return { ...subscription, status: await move(db, subscription, 'renewal_due', actor, now) }
  } catch (error) {
    if (error instanceof NotMoved) return undefined
    throw error
  }
}

/**
 * Sends a membership's mail in the transaction. Its words are read first, outside it (`wording`):
 * on the embedded database a transaction holds the one connection, and a read outside it would wait
 * for it to end.
 */
async function mail(
  deps: LifecycleDeps,
  wording: MailWording,
  tx: Queryable,
  subscription: SubscriptionRow,
  kind: MembershipMailKind,
  values: Omit<MembershipMailValues, 'to' | 'firstName' | 'plan'> = {},
) {
  const base = await mailValues(tx, subscription)
  await sendMembershipMail(deps.mailer, wording, kind, { ...base, ...values }, tx)
}

const wordingFor = (deps: LifecycleDeps, groupKey: string) => mailWording(deps, tenantOf(deps, groupKey))

/** What is due at `now`: one job per membership and kind (server/features/members/jobs.ts). */
export type DueKind = 'renew' | 'expire' | 'notice'
const dueRow = z.object({ id: z.number(), kind: z.enum(['renew', 'expire', 'notice']) })

export type RenewOutcome = 'renewed' | 'declined' | 'expired' | 'noticed' | 'skipped'

export const lifecycle = {
  /** Starts a membership (the checkout, a purchase from the dashboard), paid by `receiptId`. */
  async start(
    tx: Queryable,
    groupKey: string,
    memberId: number,
    order: {
      planId: number
      officeId: number
      billingCycle: BillingCycle
      /** The member's time zone (`memberTimeZone`): the membership's days are counted there. */
      timeZone: string
      startedAt: Date
      renewsAt: Date
      receiptId: number
      amountCents: number
      /** The one-time enrollment fee in that payment (refunded within the window, never pro rata). */
      enrollmentFeeCents: number
      /** The coupon the order used: renewals get it too while it still applies. */
      couponCode?: string | null
      actor: Actor
    },
  ): Promise<void> {
    const { id } = await one(
      tx,
      z.object({ id: z.number() }),
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
        order.couponCode ?? null,
        order.timeZone,
      ],
    )
    // The renewal price the member agreed to when joining: a higher one is told before it is charged.
    const price = await members.subscription(tx, groupKey, memberId, order.startedAt)
    await tx.query(
      "UPDATE subscriptions SET renewal_cents = $2, renewal_told_at = $3, renewal_told_by = 'joined', enrollment_fee_cents = $4 WHERE id = $1",
      [id, price?.priceCents ?? null, order.startedAt, order.enrollmentFeeCents],
    )
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

  /**
   * Renews a membership whose renewal (or retry) is due at `now`: charges the card on file at the
   * membership's price, once per membership, period and attempt (the processor's key, and the
   * `renewals` row per period), whatever crashes or runs twice. `force` retries a past-due
   * membership at once (a new card).
   */
  async renew(deps: LifecycleDeps, id: number, now: Date, actor: Actor = 'jobs', force = false): Promise<RenewOutcome> {
    const { db } = deps
    // Each step below is as few statements as it can be: on the embedded database every statement
    // is a round trip, and a day's renewals run them one membership after another (bench/renewals.ts).
    const claimed = await claimRenewal(db, id, now, actor, force)
    if (claimed === 'notice_due') return (await lifecycle.notice(deps, id, now)) ? 'noticed' : 'skipped'
    if (!claimed) return 'skipped'
    const groupKey = claimed.group_key
    const wording = await wordingFor(deps, groupKey)
    const current = await members.subscription(db, groupKey, claimed.member_id, now)
    if (current?.id !== claimed.id) throw new Error(`Subscription ${id} is not its member's latest`)
    const policy = tenantOf(deps, groupKey).policy
    const amountCents = heldPrice(claimed, current.priceCents)
    const periodStart = claimed.renews_at
    const renewsAt = nextRenewal(claimed.started_at, claimed.billing_cycle, claimed.renews_at, claimed.time_zone)
    const key = `${claimed.id}:${periodStart.toISOString()}:${claimed.declines}`
    try {
      await once(deps, { groupKey, name: 'renewal' }, key, z.object({ receiptId: z.number() }), async (step) => {
        // The payment is claimed: from now on a cancellation is refused until it is written
        // (`renewalInFlight`). One that came between the sweep's claim and this one is seen here,
        // under the membership's lock (it waits for a cancellation under way), before anything is
        // charged. Nothing else moves a membership that is renewing or past due, so the charge is
        // written from this state (`move` checks it).
        const still = await maybeOne(
          db,
          renewalRow,
          `SELECT ${COLUMNS.split(', ')
            .map((column) => `s.${column}`)
            .join(', ')}, m.processor_token, m.last4, u.email, u.first_name, p.name AS plan,
                  concat_ws(', ', u.first_name || ' ' || u.last_name, (SELECT string_agg(d.first_name || ' ' || d.last_name, ', ' ORDER BY d.id)
                    FROM dependents d WHERE d.group_key = s.group_key AND d.member_id = s.member_id)) AS people
             FROM subscriptions s JOIN users u ON u.id = s.member_id JOIN plans p ON p.id = s.plan_id
             LEFT JOIN payment_methods m ON m.group_key = s.group_key AND m.member_id = s.member_id
            WHERE s.id = $1 FOR UPDATE OF s`,
          [claimed.id],
        )
        if (
          !still ||
          (still.status !== 'renewing' && still.status !== 'past_due') ||
          still.declines !== claimed.declines ||
          still.renews_at.getTime() !== periodStart.getTime()
        )
          throw new NoLongerDue()
        const { processor_token: token, last4 } = still
        // The receipt names the period and the people it pays for.
        const description = `${current.planName} plan, ${claimed.billing_cycle} renewal: ${periodWords(periodStart, renewsAt, still.time_zone)}, for ${still.people}`
        if (token === null || last4 === null) throw new PaymentDeclined('There is no card on file.')
        const charge = await step.charge({
          token,
          amountCents,
          description,
          offSession: !force,
        })
        return step.commit(async (tx) => {
          // The receipt and the period's renewal in one statement: the primary key refuses a second.
          const { receipt_id: receiptId } = await one(
            tx,
            z.object({ receipt_id: z.number() }),
            `WITH receipt AS (
               INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
             INSERT INTO renewals (subscription_id, period_start, receipt_id, amount_cents)
             SELECT $8, $9, id, $4 FROM receipt RETURNING receipt_id`,
            [
              groupKey,
              claimed.member_id,
              description,
              charge.amountCents,
              last4,
              now,
              charge.chargeId,
              claimed.id,
              periodStart,
            ],
          )
          await move(tx, still, 'renewal_paid', actor, now, {
            amountCents: charge.amountCents,
            receiptId,
            changes: {
              periodStartedAt: periodStart,
              renewsAt,
              declines: 0,
              nextRetryAt: null,
              paidByReceiptId: receiptId,
              chargeNotBefore: null,
              endsAt: null,
              // The price told stays what it was (a higher one told for a later renewal still holds).
              ...(still.renewal_cents === null
                ? { renewalCents: charge.amountCents, renewalToldAt: now, renewalToldBy: 'renewal' }
                : {}),
            },
          })
          await sendMembershipMail(
            deps.mailer,
            wording,
            'renewed',
            {
              ...mailValuesOf(still),
              timeZone: still.time_zone,
              amountCents: charge.amountCents,
              receiptId,
              date: renewsAt,
              description,
            },
            tx,
          )
          return { receiptId }
        })
      })
      return 'renewed'
    } catch (error) {
      if (error instanceof NoLongerDue) return 'skipped'
      if (!(error instanceof PaymentDeclined)) throw error
      return db.transaction(async (tx) => {
        const subscription = await lock(tx, claimed.id)
        // Another worker recorded this attempt already.
        if (!subscription || subscription.declines !== claimed.declines || subscription.status === 'active')
          return 'skipped'
        const declines = subscription.declines + 1
        // Retries count from the renewal date; one already due runs at the next sweep.
        const retryAt = nextRetryAt(chargeDay(subscription), declines, policy, subscription.time_zone)
        if (retryAt === undefined) {
          // Covered through the grace period (the retries): it ends on the last retry's day.
          const endsAt = graceEndsAt(chargeDay(subscription), policy, subscription.time_zone)
          await move(tx, subscription, 'retries_exhausted', actor, now, {
            note: error.message,
            changes: { declines, nextRetryAt: null, endsAt, autoRenew: false },
          })
          await mail(deps, wording, tx, subscription, 'expired', { date: endsAt })
          return 'expired'
        }
        // Covered through the grace period: to the last retry's day, which ends it if it fails too.
        await move(tx, subscription, 'renewal_declined', actor, now, {
          note: error.message,
          changes: {
            declines,
            nextRetryAt: retryAt,
            endsAt: graceEndsAt(chargeDay(subscription), policy, subscription.time_zone),
          },
        })
        // The mail before the last try says it is the last, and what follows if it fails.
        const last = nextRetryAt(chargeDay(subscription), declines + 1, policy, subscription.time_zone) === undefined
        await mail(deps, wording, tx, subscription, last ? 'declined_last' : 'declined', {
          amountCents,
          retryDate: retryAt,
        })
        return 'declined'
      })
    }
  },

  /** Ends a membership whose end date has come (auto-renewal off, or cancelled at the period's end). */
  async expire(deps: LifecycleDeps, id: number, now: Date, actor: Actor = 'jobs'): Promise<boolean> {
    const groupKey = await groupOf(deps.db, id)
    if (!groupKey) return false
    const wording = await wordingFor(deps, groupKey)
    return deps.db.transaction(async (tx) => {
      const subscription = await lock(tx, id)
      if (subscription?.status !== 'ending' || !subscription.ends_at || subscription.ends_at > now) return false
      await move(tx, subscription, 'period_ended', actor, now)
      await mail(deps, wording, tx, subscription, 'expired', { date: subscription.ends_at })
      return true
    })
  },

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
        await tx.query('UPDATE subscriptions SET notice_sent_for = renews_at, notice_sent_at = $2 WHERE id = $1', [
          id,
          now,
        ])
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
      await tx.query(
        "UPDATE subscriptions SET notice_sent_for = renews_at, notice_sent_at = $2, charge_not_before = $3, renewal_cents = $4, renewal_told_at = $2, renewal_told_by = 'notice', prior_renewal_cents = NULL, renewal_applies_from = NULL WHERE id = $1",
        [id, now, chargeAt > subscription.renews_at ? chargeAt : null, amountCents],
      )
      await mail(deps, wording, tx, subscription, 'notice', {
        date: chargeAt,
        amountCents,
        renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
      })
      return true
    })
  },

  /**
   * Auto-renewal off (the membership ends at the period's end) or back on (before that end).
   * `within` runs in the move's transaction (member services' audit entry); nothing moved when
   * it was already so (answers false).
   */
  async setAutoRenew(
    deps: LifecycleDeps,
    groupKey: string,
    memberId: number,
    on: boolean,
    now: Date,
    actor: Actor,
    within?: Within,
  ): Promise<boolean> {
    const wording = await wordingFor(deps, groupKey)
    return deps.db.transaction(async (tx) => {
      const subscription = await latest(tx, groupKey, memberId)
      if (on) {
        if (subscription.status === 'active') return false
        if (subscription.status !== 'ending' || (subscription.ends_at && subscription.ends_at <= now))
          throw new Conflict('This membership has ended; join again from your dashboard.')
        const to = await move(tx, subscription, 'reinstated', actor, now, {
          changes: { autoRenew: true, endsAt: null },
        })
        const price = await members.subscription(tx, groupKey, memberId)
        await mail(deps, wording, tx, subscription, 'reinstated', {
          date: subscription.renews_at,
          amountCents: price?.renewalCents,
        })
        await within?.(tx, { from: subscription.status, to, endsAt: null, refundCents: 0 })
        return true
      }
      if (subscription.status === 'ending') return false
      requireSettled(subscription)
      const to = await move(tx, subscription, 'ending_scheduled', actor, now, {
        changes: { autoRenew: false, endsAt: subscription.renews_at },
      })
      await mail(deps, wording, tx, subscription, 'ending', { date: subscription.renews_at })
      await within?.(tx, { from: subscription.status, to, endsAt: subscription.renews_at, refundCents: 0 })
      return true
    })
  },

  /** What cancelling would do now, for the dashboard to say before the member confirms. */
  async cancellationQuote(deps: LifecycleDeps, groupKey: string, memberId: number, now: Date) {
    const subscription = await latest(deps.db, groupKey, memberId)
    return quote(deps, subscription, now)
  },

  /**
   * Cancels by the policy: now with the refund it gives, or at the period's end; periods paid
   * ahead come back either way. Each refund goes through the processor once per cancellation (its
   * key is the receipt's and the refunds it had before), and its receipt shows it.
   */
  async cancel(
    deps: LifecycleDeps,
    groupKey: string,
    memberId: number,
    now: Date,
    actor: Actor,
    note?: string,
    within?: Within,
  ): Promise<CancellationOutcome> {
    const subscription = await latest(deps.db, groupKey, memberId)
    requireSettled(subscription)
    await requireNoRenewalInFlight(deps.db, subscription)
    const outcome = await quote(deps, subscription, now)
    const wording = await wordingFor(deps, groupKey)
    const charges = await many(
      deps.db,
      z.object({ id: z.number(), charge_id: z.nullable(z.string()), refunds: z.coerce.number() }),
      'SELECT r.id, r.charge_id, (SELECT count(*) FROM refunds f WHERE f.receipt_id = r.id) AS refunds FROM receipts r WHERE r.id = ANY($1::int[])',
      [outcome.refunds.map((refund) => refund.receiptId)],
    )
    // Read again after the refunds were counted: a cancellation that committed in between (a double
    // click, on PostgreSQL's many connections) wrote its refunds and its end at once, so either the
    // count above is from before it (this one replays its refund by the same key) or this says it ended.
    const again = await latest(deps.db, groupKey, memberId)
    requireSettled(again)
    if (again.id !== subscription.id || again.status !== subscription.status)
      throw new Conflict('This membership changed just now. Look at it again before you cancel.')
    const chargeOf = new Map(charges.map((row) => [row.id, row.charge_id]))
    const refundsBefore = new Map(charges.map((row) => [row.id, row.refunds]))
    if (outcome.refunds.some((refund) => !chargeOf.get(refund.receiptId)))
      throw new Conflict('This payment cannot be refunded online. Call us and we will refund it.')
    // The processor's key: one refund of each receipt for this cancellation, however often it is asked.
    // A later cancellation (after a reinstatement) is another refund: the receipt's refunds recorded
    // so far tell them apart, and a retry of this one (nothing recorded yet) replays its refund.
    // The first refund keeps the key it always had, so that one under way at a deploy still replays.
    const refundKey = (receiptId: number) => {
      const before = refundsBefore.get(receiptId) ?? 0
      return `${subscription.id}:${receiptId}${before > 0 ? `:${before}` : ''}`
    }
    const refunded: { receiptId: number; refundId: string; amountCents: number }[] = []
    for (const { receiptId, cents } of outcome.refunds)
      refunded.push({
        receiptId,
        ...(await deps.payments.refund({
          chargeId: chargeOf.get(receiptId)!,
          amountCents: cents,
          idempotencyKey: processorKey({ groupKey, name: 'cancel-refund' }, refundKey(receiptId)),
        })),
      })
    const refundCents = refunded.reduce((sum, refund) => sum + refund.amountCents, 0)
    await deps.db.transaction(async (tx) => {
      const locked = await lock(tx, subscription.id)
      if (!locked || locked.status === 'cancelled' || locked.status === 'expired') return
      if (outcome.kind === 'at_period_end' && locked.status === 'ending' && refunded.length === 0) return
      // A past-due membership's retry may have claimed its payment since: it is written first.
      await requireNoRenewalInFlight(tx, locked)
      await members.addRefunds(tx, groupKey, refunded, `Membership cancelled (${outcome.reason})`, now)
      const record = {
        amountCents: refundCents > 0 ? -refundCents : undefined,
        receiptId: refunded[0]?.receiptId,
        note: note ?? (outcome.kind === 'at_period_end' ? 'Cancelled after the refund window' : outcome.reason),
      }
      if (outcome.kind === 'at_period_end') {
        // Cover runs to the end of the period under way; a period paid ahead is refunded, not kept.
        const to = await move(tx, locked, 'ending_scheduled', actor, now, {
          ...record,
          changes: { autoRenew: false, endsAt: outcome.endsAt, renewsAt: outcome.endsAt },
        })
        await mail(deps, wording, tx, locked, 'ending', { date: outcome.endsAt })
        await within?.(tx, { from: locked.status, to, endsAt: outcome.endsAt, refundCents })
        return
      }
      const to = await move(tx, locked, 'cancelled', actor, now, {
        ...record,
        changes: { autoRenew: false, endsAt: now, nextRetryAt: null },
      })
      await mail(deps, wording, tx, locked, refundCents > 0 ? 'cancelled' : 'cancelled_no_refund', {
        date: now,
        amountCents: refundCents,
      })
      await within?.(tx, { from: locked.status, to, endsAt: now, refundCents })
    })
    return outcome
  },

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
    await tx.query(
      'INSERT INTO renewals (subscription_id, period_start, receipt_id, amount_cents) VALUES ($1, $2, $3, $4)',
      [locked.id, locked.renews_at, payment.receiptId, payment.amountCents],
    )
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
      await tx.query(
        'INSERT INTO membership_changes (subscription_id, at, amount_cents, receipt_id, paid_through, days) VALUES ($1, $2, $3, $4, $5, $6)',
        [locked.id, now, change.amountCents, change.receiptId ?? null, change.paidThrough, change.days],
      )
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

  /** The receipts a refund of a change may come back from, newest first, with what is left of each. */
  async refundable(db: Queryable, subscription: SubscriptionRow, now: Date) {
    const [periods, changes] = await Promise.all([paidPeriods(db, subscription), paidChanges(db, subscription, now)])
    return [
      ...changes.map((change) => ({ receiptId: change.receiptId, leftCents: change.leftCents })),
      ...periods
        .filter((period) => period.end > now)
        .reverse()
        .map((period) => ({ receiptId: period.receiptId, leftCents: period.leftCents })),
    ].filter((receipt) => receipt.leftCents > 0)
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
    const member = await one(db, z.object({ state: z.nullable(z.string()) }), 'SELECT state FROM users WHERE id = $1', [
      subscription.member_id,
    ])
    const policy = tenantOf(deps, subscription.group_key).policy
    if (!withinPrepaidTerm(renewsAt, now, member.state, policy, subscription.time_zone))
      throw new Conflict(
        `Your membership is paid through ${longDate(subscription.renews_at, subscription.time_zone)}. Paying one more ${subscription.billing_cycle === 'annual' ? 'year' : 'month'} now would pay more than ${maxPrepaidMonths(policy, member.state)} months ahead, which we do not take${member.state ? ` in ${member.state}` : ''}.`,
      )
    return renewsAt
  },

  /** A membership as the lifecycle reads it. */
  async row(db: Queryable, id: number): Promise<SubscriptionRow> {
    const row = await maybeOne(db, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1`, [id])
    if (!row) throw new Error(`No subscription ${id}`)
    return row
  },

  /** The words of a tenant's membership mails, read before a payment's transaction. */
  wording: wordingFor,

  /**
   * What a run of the jobs at `now` would do, changing nothing (`npm run jobs -- --dry-run`): each
   * membership with work due, and what it would send or charge.
   */
  async preview(deps: LifecycleDeps, now: Date) {
    const due = await lifecycle.due(deps.db, now, undefined, deps.tenants.tenants)
    const items = []
    for (const { id, kind } of due) {
      const row = await lifecycle.row(deps.db, id)
      const { email } = await one(deps.db, z.object({ email: z.string() }), 'SELECT email FROM users WHERE id = $1', [
        row.member_id,
      ])
      const policy = tenantOf(deps, row.group_key).policy
      const price = await members.subscription(deps.db, row.group_key, row.member_id, row.renews_at)
      const item = { id, kind, email, at: row.renews_at, amountCents: null as number | null, note: '' }
      if (kind === 'expire') items.push({ ...item, at: row.ends_at ?? now, note: 'ends: cover stops, a mail says so' })
      else if (kind === 'notice') {
        const annual = row.billing_cycle === 'annual'
        const notice = price && annual ? annualNotice(row, price.priceCents, now, policy) : undefined
        items.push({
          ...item,
          at: notice?.chargeAt ?? row.renews_at,
          amountCents: notice?.amountCents ?? price?.priceCents ?? null,
          note: annual
            ? 'annual renewal notice: mailed with this amount and day'
            : 'monthly price check: mailed only if the price differs from the one told',
        })
      } else if (row.status === 'active' && row.billing_cycle === 'annual') {
        const noticed = row.notice_sent_for?.getTime() === row.renews_at.getTime()
        const lawful = lawfulChargeAt(row.renews_at, noticed ? row.notice_sent_at : null, now)
        if (!lawful) {
          const notice = price ? annualNotice(row, price.priceCents, now, policy) : undefined
          items.push({
            ...item,
            at: notice?.chargeAt ?? row.renews_at,
            amountCents: notice?.amountCents ?? null,
            note: 'no renewal notice inside the lawful window: the notice goes out now, the charge waits until this day',
          })
        } else if (lawful > now) items.push({ ...item, at: lawful, note: 'held until 15 days after its notice' })
        else
          items.push({
            ...item,
            amountCents: price ? heldPrice(row, price.priceCents) : null,
            note: 'renewal charge',
          })
      } else
        items.push({
          ...item,
          at: row.status === 'past_due' ? (row.next_retry_at ?? now) : row.renews_at,
          amountCents: price ? heldPrice(row, price.priceCents) : null,
          note:
            row.status === 'past_due'
              ? `retry ${row.declines + 1} of ${policy.retryDays.length + 1}`
              : 'renewal charge',
        })
    }
    return items
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

/** Each tenant's notice lead in days, for the due query (the defaults for a tenant not listed). */
function noticeLeads(tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[]) {
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

/**
 * Records a renewal price told to the member now (`by`: how). Until its lead has run, a higher
 * price leaves the renewals before then at what they would have charged (`prior`). Answers the
 * first renewal the new price applies to.
 */
async function tellPrice(
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
  await tx.query(
    'UPDATE subscriptions SET renewal_cents = $2, renewal_told_at = $3, renewal_told_by = $4, prior_renewal_cents = $5, renewal_applies_from = $6 WHERE id = $1',
    [subscription.id, cents, now, by, prior, from],
  )
  return { from }
}

const groupOf = async (db: Queryable, id: number) =>
  (await maybeOne(db, z.object({ group_key: z.string() }), 'SELECT group_key FROM subscriptions WHERE id = $1', [id]))
    ?.group_key

/** The member's latest membership, locked when in a transaction; 409 when there is none. */
async function latest(db: Queryable, groupKey: string, memberId: number): Promise<SubscriptionRow> {
  const row = await maybeOne(
    db,
    subscriptionRow,
    `SELECT ${COLUMNS} FROM subscriptions WHERE group_key = $1 AND member_id = $2 ORDER BY id DESC LIMIT 1`,
    [groupKey, memberId],
  )
  if (!row) throw new Conflict('You have no membership yet. Join from your dashboard.')
  return row
}

/** The membership moved after the sweep claimed its renewal (cancelled, or paid by another attempt): nothing to charge. */
class NoLongerDue extends Error {
  override readonly name = 'NoLongerDue'
}

/**
 * Refuses to end a membership while a renewal's payment is claimed and not written (a past-due
 * retry charging, or one a crash left until the jobs take it over): ended under it, the charge
 * would be made and never written. Under the membership's lock in a transaction, this is exact:
 * the worker claims before it checks the membership under the same lock.
 */
async function requireNoRenewalInFlight(db: Queryable, subscription: Pick<SubscriptionRow, 'id' | 'group_key'>) {
  const claims = await db.query(
    "SELECT 1 FROM payments WHERE group_key = $1 AND scope = 'renewal' AND idempotency_key LIKE $2 AND response ? 'pending'",
    [subscription.group_key, `${subscription.id}:%`],
  )
  if (claims.length > 0)
    throw new Conflict('Your renewal is being charged right now. Try again in a minute.', { retryAfterSeconds: 60 })
}

function requireSettled(subscription: SubscriptionRow) {
  if (subscription.status === 'renewing')
    throw new Conflict('Your renewal is being charged right now. Try again in a minute.', { retryAfterSeconds: 60 })
  if (subscription.status === 'cancelled' || subscription.status === 'expired')
    throw new Conflict('This membership has already ended.')
}

/**
 * The membership's paid periods, in order: the current one (joining's, or the last renewal's) and
 * any paid ahead, each with what is left of its payment and the enrollment fee in it.
 */
async function paidPeriods(db: Queryable, subscription: SubscriptionRow): Promise<PaidPeriod[]> {
  const rows = await many(
    db,
    z.object({
      receipt_id: z.number(),
      period_start: z.coerce.date(),
      paid_at: z.coerce.date(),
      paid: z.number(),
      left: z.number(),
      fee: z.number(),
    }),
    `SELECT p.receipt_id, p.period_start, GREATEST(r.paid_at, p.period_start) AS paid_at, p.fee, r.amount_cents AS paid,
            r.amount_cents - (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS left
       FROM (SELECT paid_by_receipt_id AS receipt_id, period_started_at AS period_start,
                    CASE WHEN period_started_at = started_at THEN enrollment_fee_cents ELSE 0 END AS fee
               FROM subscriptions WHERE id = $1 AND paid_by_receipt_id IS NOT NULL
             UNION
             SELECT receipt_id, period_start, 0 FROM renewals WHERE subscription_id = $1 AND period_start > $2) p
       JOIN receipts r ON r.id = p.receipt_id
      ORDER BY p.period_start`,
    [subscription.id, subscription.period_started_at],
  )
  // Each period runs to the next one's start; the last to the renewal date.
  return rows.map((row, index) => ({
    receiptId: row.receipt_id,
    start: row.period_start,
    end: rows[index + 1]?.period_start ?? subscription.renews_at,
    paidAt: row.paid_at,
    paidCents: row.paid,
    leftCents: row.left,
    feeCents: row.fee,
  }))
}

/** What mid-term changes charged for paid time still to come, newest first, with what is left of each. */
async function paidChanges(db: Queryable, subscription: SubscriptionRow, now: Date): Promise<PaidChange[]> {
  const rows = await many(
    db,
    z.object({
      receipt_id: z.number(),
      at: z.coerce.date(),
      paid_through: z.coerce.date(),
      days: z.number(),
      left: z.number(),
    }),
    `SELECT c.receipt_id, c.at, c.paid_through, c.days,
            r.amount_cents - (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS left
       FROM membership_changes c JOIN receipts r ON r.id = c.receipt_id
      WHERE c.subscription_id = $1 AND c.amount_cents > 0 AND c.paid_through > $2
      ORDER BY c.at DESC, c.id DESC`,
    [subscription.id, now],
  )
  return rows.map((row) => ({
    receiptId: row.receipt_id,
    paidAt: row.at,
    end: row.paid_through,
    days: row.days,
    leftCents: row.left,
  }))
}

async function quote(deps: LifecycleDeps, subscription: SubscriptionRow, now: Date) {
  const [member, periods, changes] = await Promise.all([
    maybeOne(deps.db, z.object({ state: z.nullable(z.string()) }), 'SELECT state FROM users WHERE id = $1', [
      subscription.member_id,
    ]),
    paidPeriods(deps.db, subscription),
    paidChanges(deps.db, subscription, now),
  ])
  return cancellationOutcome(
    {
      state: subscription.status,
      cycle: subscription.billing_cycle,
      memberState: member?.state ?? null,
      timeZone: subscription.time_zone,
      now,
      periods,
      changes,
    },
    tenantOf(deps, subscription.group_key).policy,
  )
}
