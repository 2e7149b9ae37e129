import { z } from '#schemas/engine/zod.ts'
import {
  cancellationOutcome,
  membershipStateSchema,
  DEFAULT_LIFECYCLE_RULES,
  nextRetryAt,
  noticeDays,
  periodEnd,
  renewalNoticeAt,
  transition,
  type BillingCycle,
  type LifecycleRules,
  type MembershipEvent,
} from '#schemas/membership-lifecycle.ts'
import { isCovered, type MembershipState } from '#schemas/membership-states.ts'
import type { MembershipMailKind } from '#schemas/membership-mails.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import { many, maybeOne, one, type Param, type Queryable } from '../db/database.ts'
import type { Signer } from '../auth/signing.ts'
import { Conflict } from './errors.ts'
import { once, processorKey, type PaymentDeps } from './idempotency.ts'
import {
  mailWording,
  sendMembershipMail,
  type MailWording,
  type MembershipMailDeps,
  type MembershipMailValues,
} from './membership-mail.ts'
import { members } from './members.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import { PaymentDeclined } from './payments.ts'

/**
 * A membership's life on the database: every move goes through `move`, which checks it against the
 * model (schemas/membership-lifecycle.ts) and records it as an event. The jobs (server/jobs) renew,
 * retry, end and notify; the API cancels, reinstates and turns renewal on and off.
 */
export interface LifecycleDeps extends PaymentDeps, MembershipMailDeps {
  tenants: Pick<TenantsConfig, 'tenants'>
  /** Signs the renewal notice's one-click link (server/services/renewal-links.ts). */
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
})
type SubscriptionRow = z.infer<typeof subscriptionRow>
const COLUMNS =
  'id, group_key, member_id, plan_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at, declines, next_retry_at, ends_at, notice_sent_for, paid_by_receipt_id, renewal_cents'

/** A subscription, locked for the transaction (another worker waits, then sees what this one did). */
const lock = (tx: Queryable, id: number) =>
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
} as const
type Changes = Partial<Record<keyof typeof CHANGES, Param>>

const INSERT_EVENT =
  'INSERT INTO membership_events (group_key, subscription_id, at, actor, event, from_state, to_state, amount_cents, receipt_id, note)'

/** Moves a membership by `event` (InvalidTransition when the model refuses it) and records the move. */
async function move(
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
    event: MembershipEvent | 'joined'
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
export function nextRenewal(startedAt: Date, cycle: BillingCycle, periodStart: Date): Date {
  let periods = 1
  while (periodEnd(startedAt, cycle, periods) <= periodStart) periods += 1
  return periodEnd(startedAt, cycle, periods)
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
  return mailValuesOf(row)
}

/**
 * Takes a membership whose renewal (or retry) is due at `now` for the jobs, in two statements
 * without a transaction: the membership as it is, then, when it is active, its move to renewing,
 * which another worker's claim made first turns into nothing to do. A renewing or past-due one is
 * answered as it is: the payment's claim (`once`) decides which worker charges it.
 */
async function claimRenewal(db: Queryable, id: number, now: Date, actor: Actor, force: boolean) {
  const subscription = await maybeOne(db, subscriptionRow, `SELECT ${COLUMNS} FROM subscriptions WHERE id = $1`, [id])
  if (!subscription) return undefined
  if (subscription.status === 'renewing') return subscription
  if (subscription.status === 'past_due')
    return force || (subscription.next_retry_at !== null && subscription.next_retry_at <= now)
      ? subscription
      : undefined
  if (subscription.status !== 'active' || !subscription.auto_renew || subscription.renews_at > now) return undefined
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

/** What is due at `now`: one job per membership and kind (server/jobs). */
export type DueKind = 'renew' | 'expire' | 'notice'
const dueRow = z.object({ id: z.number(), kind: z.enum(['renew', 'expire', 'notice']) })

export type RenewOutcome = 'renewed' | 'declined' | 'expired' | 'skipped'

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
      startedAt: Date
      renewsAt: Date
      receiptId: number
      amountCents: number
      /** The coupon the order used: renewals get it too while it still applies. */
      couponCode?: string | null
      actor: Actor
    },
  ): Promise<void> {
    const { id } = await one(
      tx,
      z.object({ id: z.number() }),
      "INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at, paid_by_receipt_id, coupon_code) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7, $6, $8, $9) RETURNING id",
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
      ],
    )
    // The renewal price the member agreed to when joining: a different one is mailed before it is charged.
    const price = await members.subscription(tx, groupKey, memberId, order.startedAt)
    await tx.query('UPDATE subscriptions SET renewal_cents = $2 WHERE id = $1', [id, price?.priceCents ?? null])
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
   * The memberships with work due at `now`, oldest first, at most `limit`. A notice is due from its
   * tenant's lead (`noticeDays`: the annual notice, or a monthly renewal's price check).
   */
  async due(
    db: Queryable,
    now: Date,
    limit = 10_000,
    tenants: readonly Pick<Tenant, 'groupKey' | 'lifecycle'>[] = [],
  ): Promise<{ id: number; kind: DueKind }[]> {
    const leads = noticeLeads(tenants)
    return many(
      db,
      dueRow,
      `SELECT id, kind FROM (
         SELECT id, 'renew' AS kind, renews_at AS at FROM subscriptions
          WHERE (status = 'active' AND auto_renew AND renews_at <= $1) OR status = 'renewing'
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
       ) due ORDER BY at, id LIMIT $2`,
      [now, limit, leads.groupKeys, leads.annual, leads.monthly, leads.defaults.annual, leads.defaults.monthly],
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
    if (!claimed) return 'skipped'
    const groupKey = claimed.group_key
    const wording = await wordingFor(deps, groupKey)
    const current = await members.subscription(db, groupKey, claimed.member_id, now)
    if (current?.id !== claimed.id) throw new Error(`Subscription ${id} is not its member's latest`)
    const amountCents = current.priceCents
    const periodStart = claimed.renews_at
    const description = `${current.planName} plan renewal, ${claimed.billing_cycle}`
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
            .join(', ')}, m.processor_token, m.last4, u.email, u.first_name, p.name AS plan
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
          const renewsAt = nextRenewal(still.started_at, still.billing_cycle, periodStart)
          await move(tx, still, 'renewal_paid', actor, now, {
            amountCents: charge.amountCents,
            receiptId,
            changes: {
              periodStartedAt: periodStart,
              renewsAt,
              declines: 0,
              nextRetryAt: null,
              paidByReceiptId: receiptId,
              renewalCents: charge.amountCents,
            },
          })
          await sendMembershipMail(
            deps.mailer,
            wording,
            'renewed',
            { ...mailValuesOf(still), amountCents: charge.amountCents, receiptId, date: renewsAt },
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
        const rules = tenantOf(deps, groupKey).lifecycle
        // Retries count from the renewal date; one already due runs at the next sweep.
        const retryAt = nextRetryAt(periodStart, declines, rules)
        if (retryAt === undefined) {
          await move(tx, subscription, 'retries_exhausted', actor, now, {
            note: error.message,
            changes: { declines, nextRetryAt: null, endsAt: periodStart, autoRenew: false },
          })
          await mail(deps, wording, tx, subscription, 'expired', { date: periodStart })
          return 'expired'
        }
        await move(tx, subscription, 'renewal_declined', actor, now, {
          note: error.message,
          changes: { declines, nextRetryAt: retryAt },
        })
        await mail(deps, wording, tx, subscription, 'declined', { amountCents, retryDate: retryAt })
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
   * A renewal's notice, once per renewal date when its day has come: an annual plan's always (the
   * price, the date, how to turn renewal off); a monthly plan's only when the price at renewal
   * differs from the one the member was last told or charged. Answers whether a mail went out.
   */
  async notice(deps: LifecycleDeps, id: number, now: Date): Promise<boolean> {
    const groupKey = await groupOf(deps.db, id)
    if (!groupKey) return false
    const wording = await wordingFor(deps, groupKey)
    return deps.db.transaction(async (tx) => {
      const subscription = await lock(tx, id)
      if (
        subscription?.status !== 'active' ||
        !subscription.auto_renew ||
        subscription.notice_sent_for?.getTime() === subscription.renews_at.getTime() ||
        subscription.renews_at <= now ||
        renewalNoticeAt(subscription.renews_at, subscription.billing_cycle, tenantOf(deps, groupKey).lifecycle) > now
      )
        return false
      // Priced as the renewal will be: on its date (a coupon that runs out before then is not counted).
      const price = await members.subscription(tx, groupKey, subscription.member_id, subscription.renews_at)
      const amountCents = price?.priceCents
      await tx.query('UPDATE subscriptions SET notice_sent_for = renews_at, renewal_cents = $2 WHERE id = $1', [
        id,
        amountCents ?? null,
      ])
      const previous = subscription.renewal_cents
      if (subscription.billing_cycle === 'annual') {
        await mail(deps, wording, tx, subscription, 'notice', {
          date: subscription.renews_at,
          amountCents,
          renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
        })
        return true
      }
      if (previous === null || amountCents === undefined || amountCents === previous) return false
      await mail(deps, wording, tx, subscription, 'price_change', {
        date: subscription.renews_at,
        amountCents,
        previousAmountCents: previous,
        renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
      })
      return true
    })
  },

  /**
   * A change the member made that changes their renewal price (another plan): the new price takes
   * effect at the renewal, and a mail says so now, before it is charged.
   */
  async priceChanged(deps: LifecycleDeps, groupKey: string, memberId: number) {
    const wording = await wordingFor(deps, groupKey)
    await deps.db.transaction(async (tx) => {
      const subscription = await latest(tx, groupKey, memberId)
      if (!isCovered(subscription.status) || !subscription.auto_renew) return
      const price = await members.subscription(tx, groupKey, memberId, subscription.renews_at)
      if (!price || price.priceCents === subscription.renewal_cents) return
      await tx.query('UPDATE subscriptions SET renewal_cents = $2 WHERE id = $1', [subscription.id, price.priceCents])
      if (subscription.renewal_cents === null) return
      await mail(deps, wording, tx, subscription, 'price_change', {
        date: subscription.renews_at,
        amountCents: price.priceCents,
        previousAmountCents: subscription.renewal_cents,
        renewalOffUrl: renewalOffLink(deps.signer, wording.tenant, subscription),
      })
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
          amountCents: price?.priceCents,
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
   * Cancels by the rules: now with the refund they give, or at the period's end. The refund goes
   * through the processor once (its key is the receipt's), and the receipt shows it.
   */
  async cancel(
    deps: LifecycleDeps,
    groupKey: string,
    memberId: number,
    now: Date,
    actor: Actor,
    note?: string,
    within?: Within,
  ) {
    const subscription = await latest(deps.db, groupKey, memberId)
    requireSettled(subscription)
    await requireNoRenewalInFlight(deps.db, subscription)
    const outcome = await quote(deps, subscription, now)
    const wording = await wordingFor(deps, groupKey)
    if (outcome.kind === 'at_period_end') {
      await deps.db.transaction(async (tx) => {
        const locked = await lock(tx, subscription.id)
        if (!locked || locked.status === 'ending') return
        const to = await move(tx, locked, 'ending_scheduled', actor, now, {
          note: note ?? 'Cancelled after the refund window',
          changes: { autoRenew: false, endsAt: locked.renews_at },
        })
        await mail(deps, wording, tx, locked, 'ending', { date: locked.renews_at })
        await within?.(tx, { from: locked.status, to, endsAt: locked.renews_at, refundCents: 0 })
      })
      return outcome
    }
    const receipt =
      outcome.refundCents > 0 && subscription.paid_by_receipt_id
        ? await one(
            deps.db,
            z.object({ id: z.number(), charge_id: z.nullable(z.string()) }),
            'SELECT id, charge_id FROM receipts WHERE id = $1',
            [subscription.paid_by_receipt_id],
          )
        : undefined
    if (outcome.refundCents > 0 && !receipt?.charge_id)
      throw new Conflict('This payment cannot be refunded online. Call us and we will refund it.')
    // The processor's key: one refund of this receipt for this cancellation, however often it is asked.
    const refund =
      receipt?.charge_id && outcome.refundCents > 0
        ? await deps.payments.refund({
            chargeId: receipt.charge_id,
            amountCents: outcome.refundCents,
            idempotencyKey: processorKey({ groupKey, name: 'cancel-refund' }, `${subscription.id}:${receipt.id}`),
          })
        : undefined
    await deps.db.transaction(async (tx) => {
      const locked = await lock(tx, subscription.id)
      if (!locked || locked.status === 'cancelled') return
      // A past-due membership's retry may have claimed its payment since: it is written first.
      await requireNoRenewalInFlight(tx, locked)
      if (refund && receipt)
        await tx.query(
          'INSERT INTO refunds (group_key, receipt_id, refund_id, amount_cents, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (refund_id) DO NOTHING',
          [groupKey, receipt.id, refund.refundId, refund.amountCents, `Membership cancelled (${outcome.reason})`, now],
        )
      const to = await move(tx, locked, 'cancelled', actor, now, {
        amountCents: refund ? -refund.amountCents : undefined,
        receiptId: receipt?.id,
        note: note ?? outcome.reason,
        changes: { autoRenew: false, endsAt: now, nextRetryAt: null },
      })
      await mail(deps, wording, tx, locked, 'cancelled', { date: now, amountCents: refund?.amountCents ?? 0 })
      await within?.(tx, { from: locked.status, to, endsAt: now, refundCents: refund?.amountCents ?? 0 })
    })
    return outcome
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
function noticeLeads(tenants: readonly Pick<Tenant, 'groupKey' | 'lifecycle'>[]) {
  const days = (rules: LifecycleRules) => ({
    annual: noticeDays('annual', rules),
    monthly: noticeDays('monthly', rules),
  })
  return {
    groupKeys: tenants.map((tenant) => tenant.groupKey),
    annual: tenants.map((tenant) => days(tenant.lifecycle).annual),
    monthly: tenants.map((tenant) => days(tenant.lifecycle).monthly),
    defaults: days(DEFAULT_LIFECYCLE_RULES),
  }
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

async function quote(deps: LifecycleDeps, subscription: SubscriptionRow, now: Date) {
  const [member, paid] = await Promise.all([
    maybeOne(deps.db, z.object({ state: z.nullable(z.string()) }), 'SELECT state FROM users WHERE id = $1', [
      subscription.member_id,
    ]),
    subscription.paid_by_receipt_id
      ? maybeOne(
          deps.db,
          z.object({ left: z.number() }),
          'SELECT r.amount_cents - (SELECT COALESCE(SUM(f.amount_cents), 0)::int FROM refunds f WHERE f.receipt_id = r.id) AS left FROM receipts r WHERE r.id = $1',
          [subscription.paid_by_receipt_id],
        )
      : undefined,
  ])
  return cancellationOutcome(
    {
      state: subscription.status,
      cycle: subscription.billing_cycle,
      memberState: member?.state ?? null,
      now,
      periodStart: subscription.period_started_at,
      periodEnd: subscription.renews_at,
      lastPaymentCents: paid?.left,
    },
    tenantOf(deps, subscription.group_key).lifecycle,
  )
}
