/**
 * Exactly once, whatever crashes (issue 28): `npm run jobs -- --now` as real processes on one
 * database. Two workers race on the same due memberships; a worker is ended by SIGKILL at the very
 * point the sandbox processor's seams say it holds (before the charge: SANDBOX_CHARGE_DELAY_MS;
 * after it, before the renewal is written: SANDBOX_CHARGE_REPLY_DELAY_MS), then run again; the same
 * `--now` runs again. The books must show one charge, one renewal, one receipt and one mail per
 * membership and period, nothing left in 'renewing', and nothing charged for a membership that
 * ended. Two workers need a database server, so these run on PostgreSQL (TEST_DATABASE_URL; CI
 * sets it). The embedded database's crash recovery of a payment is end-to-end in
 * tests/e2e/payment-crash.spec.ts; here a jobs process on its folder cost about 50 s, so it is not
 * repeated. Then refunds and cancellations, in this process, on both databases: a double click, a
 * refund's lost answer, a cancellation during a charge.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { periodEnd } from '#schemas/periods.ts'
import { tenants } from '#site-config/tenants.ts'
import { many, one, openPostgres, type Database } from '../../platform/db/database.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { createSandboxProcessor, sandboxTokenize } from '../../platform/payments/sandbox-processor.ts'
import {
  accountId,
  DATABASES,
  defaultTenant,
  MEMBER,
  startTestServer,
  useTestServer,
  type TestServer,
} from '../../test-harness.ts'
import { openQueue } from '../../platform/jobs/queue.ts'
import { jobs, runDue, type JobsDeps } from '../registry.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const groupKey = defaultTenant.groupKey
/** The memberships made here renew on 5 December 2026, then on the 5th of every month. */
const FIRST = '2026-12-05T06:00:00Z'
const SECOND = '2027-01-05T06:00:00Z'
const HOLD = '600000'
/** A payment claim pending longer than this was left by a crash (a restarted worker takes it over). */
const CLAIM_TIMEOUT_MS = '500'
const PREFIX = 'renew-'
const jobsDeps = (server: TestServer): JobsDeps => ({ ...server.deps, tenants })

interface JobsRun {
  code: number | null
  signal: NodeJS.Signals | null
  /** Why the test killed it: its log matched `killAt`, or it ran past the time limit. */
  killed?: 'at match' | 'time limit'
  output: string
}

/**
 * `npm run jobs -- --now <now>` as a process of its own; with `killAt`, ended by SIGKILL as soon as
 * its log matches (the sandbox processor logs where it holds a charge).
 */
function runJobs(
  database: Record<string, string>,
  now: string,
  options: { env?: Record<string, string>; killAt?: RegExp } = {},
) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PASSWORD_HASH_COST: '12',
    PAYMENT_CLAIM_TIMEOUT_MS: CLAIM_TIMEOUT_MS,
    ...database,
    ...options.env,
  }
  if (!database.DATABASE_URL) delete env.DATABASE_URL
  // One process (node with tsx's loader, not the tsx command, which runs the script in a child of
  // its own): SIGKILL ends the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs-cli.ts', '--now', now], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let killed: JobsRun['killed']
  const kill = (why: NonNullable<JobsRun['killed']>) => {
    if (child.exitCode !== null || killed) return
    killed = why
    child.kill('SIGKILL')
  }
  const take = (chunk: Buffer) => {
    output += chunk.toString()
    if (options.killAt?.test(output)) kill('at match')
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const timer = setTimeout(() => kill('time limit'), 120_000)
  return new Promise<JobsRun>((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, killed, output })
    }),
  )
}

const HOLDING_BEFORE = /holding a charge before it is made/
const HOLDING_AFTER = /charged; holding the answer/

/** Members like the demo member, each with a card of their own (the sandbox books charges by card token). */
async function addMembers(
  db: Database,
  count: number,
  status: 'active' | 'cancelled' | 'expired' | 'ending' = 'active',
) {
  const template = { id: await accountId(db) }
  const ids = await many(
    db,
    z.object({ id: z.number() }),
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, state)
     SELECT group_key, $1::text || n || '@demo.test', password_hash, role, 'Renée', 'Member ' || n, state
       FROM users, generate_series(1, $2::int) AS n WHERE id = $3 RETURNING id`,
    [`${PREFIX}${status}-`, count, template.id],
  )
  for (const { id } of ids)
    await db.transaction(async (tx) => {
      await members.saveCard(
        tx,
        groupKey,
        id,
        sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', zip: '90210' }),
      )
      const receipt = await members.addReceipt(tx, groupKey, id, {
        description: 'Essential plan, first month',
        amountCents: 1495,
        cardLast4: '4242',
        paidAt: new Date('2026-11-05T00:00:00Z'),
        chargeId: `ch_seed_${id}`,
      })
      await lifecycle.start(tx, groupKey, id, {
        planId: 101,
        officeId: 1001,
        billingCycle: 'monthly',
        timeZone: 'UTC',
        startedAt: new Date('2026-11-05T00:00:00Z'),
        renewsAt: new Date('2026-12-05T00:00:00Z'),
        receiptId: receipt.id,
        amountCents: 1495,
        enrollmentFeeCents: 0,
        actor: 'checkout',
      })
    })
  // Memberships that ended (or end on the renewal date): their state as the model leaves it.
  if (status === 'cancelled')
    await db.query(
      "UPDATE subscriptions SET status = 'cancelled', auto_renew = false, ends_at = '2026-11-20T00:00:00Z' WHERE member_id IN (SELECT id FROM users WHERE email LIKE $1)",
      [`${PREFIX}${status}-%`],
    )
  if (status === 'expired')
    await db.query(
      "UPDATE subscriptions SET status = 'expired', auto_renew = false, ends_at = '2026-11-05T00:00:00Z' WHERE member_id IN (SELECT id FROM users WHERE email LIKE $1)",
      [`${PREFIX}${status}-%`],
    )
  if (status === 'ending')
    await db.query(
      "UPDATE subscriptions SET status = 'ending', auto_renew = false, ends_at = renews_at WHERE member_id IN (SELECT id FROM users WHERE email LIKE $1)",
      [`${PREFIX}${status}-%`],
    )
}

const bookRow = z.object({
  email: z.string(),
  status: z.string(),
  renews_at: z.coerce.date(),
  charges: z.coerce.number(),
  renewals: z.coerce.number(),
  receipts: z.coerce.number(),
  mails: z.coerce.number(),
  paid_events: z.coerce.number(),
})

/** Per membership (those made here, or the members named): its state, and the renewals' charges, receipts, rows and mails. */
const books = (db: Database, emails = `${PREFIX}%`) =>
  many(
    db,
    bookRow,
    `SELECT u.email, s.status, s.renews_at,
        (SELECT count(*) FROM sandbox_charges c WHERE c.token = m.processor_token AND c.description LIKE '%renewal%') AS charges,
        (SELECT count(*) FROM renewals r WHERE r.subscription_id = s.id) AS renewals,
        (SELECT count(*) FROM receipts r JOIN sandbox_charges c ON c.charge_id = r.charge_id
          WHERE r.member_id = u.id AND c.token = m.processor_token AND c.description LIKE '%renewal%') AS receipts,
        (SELECT count(*) FROM outbox o WHERE o.recipient = u.email AND o.subject LIKE '%is renewed') AS mails,
        (SELECT count(*) FROM membership_events e WHERE e.subscription_id = s.id AND e.event = 'renewal_paid') AS paid_events
       FROM users u JOIN subscriptions s ON s.member_id = u.id JOIN payment_methods m ON m.member_id = u.id
      WHERE u.email LIKE $1 ORDER BY u.email`,
    [emails],
  )

const pendingClaims = async (db: Database) =>
  (
    await one(
      db,
      z.object({ n: z.coerce.number() }),
      "SELECT count(*) AS n FROM payments WHERE scope = 'renewal' AND response ? 'pending'",
    )
  ).n

/** Every active membership renewed `periods` times, once each; the ended ones never charged. */
async function expectRenewedOnce(db: Database, periods: number, renewsAt: string) {
  const rows = await books(db)
  const active = rows.filter((row) => row.email.startsWith(`${PREFIX}active-`))
  expect(active.length).toBeGreaterThan(0)
  for (const row of active)
    expect(row, row.email).toMatchObject({
      status: 'active',
      renews_at: new Date(renewsAt),
      charges: periods,
      renewals: periods,
      receipts: periods,
      mails: periods,
      paid_events: periods,
    })
  for (const row of rows.filter((candidate) => !candidate.email.startsWith(`${PREFIX}active-`)))
    expect(row, row.email).toMatchObject({
      status: expect.stringMatching(/^(cancelled|expired)$/),
      charges: 0,
      renewals: 0,
    })
  expect(await pendingClaims(db)).toBe(0)
}

/** After a kill: nothing half-written (a receipt without its renewal, or the reverse), nothing charged twice. */
async function expectConsistent(db: Database, periodsBefore: number) {
  for (const row of await books(db)) {
    expect(row.renewals, row.email).toBe(row.receipts)
    expect(row.paid_events, row.email).toBe(row.renewals)
    expect(row.mails, row.email).toBe(row.renewals)
    expect(row.charges - row.renewals, row.email).toBeLessThanOrEqual(1)
    if (row.email.startsWith(`${PREFIX}active-`)) expect(row.renewals, row.email).toBeGreaterThanOrEqual(periodsBefore)
  }
}

async function prepare(db: Database, count: number) {
  await addMembers(db, count)
  await addMembers(db, 1, 'cancelled')
  await addMembers(db, 1, 'expired')
  await addMembers(db, 1, 'ending')
}

// Two workers need a database server: PostgreSQL only (TEST_DATABASE_URL; CI sets it).
describe.each(DATABASES.filter((kind) => kind === 'postgres'))(
  'exactly once on %s, with two workers and kills',
  (kind) => {
    let server: TestServer
    let database: Record<string, string>
    beforeAll(async () => {
      server = await startTestServer(kind, { env: { PAYMENT_CLAIM_TIMEOUT_MS: CLAIM_TIMEOUT_MS } })
      database = { DATABASE_URL: server.env.DATABASE_URL! }
      await prepare(server.deps.db, 50)
    }, 120_000)
    afterAll(() => server.close())

    it('four processes opening the queue at once on a database without it all start (PostgreSQL may refuse the later ones’ CREATE SCHEMA IF NOT EXISTS)', async () => {
      const url = server.env.DATABASE_URL!
      const pools = Array.from({ length: 4 }, () => openPostgres(url))
      try {
        const bosses = await Promise.all(
          pools.map((db) =>
            openQueue(
              { db, logger: server.deps.logger },
              { schedule: false, queues: jobs.kinds.map((kind) => kind.queue) },
            ),
          ),
        )
        expect(bosses).toHaveLength(4)
        await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true, close: false })))
      } finally {
        await Promise.all(pools.map((db) => db.close()))
      }
    }, 60_000)

    it('two workers at once, the same --now: each membership is charged, renewed, receipted and mailed once', async () => {
      const [first, second] = await Promise.all([runJobs(database, FIRST), runJobs(database, FIRST)])
      expect(first, first.output).toMatchObject({ code: 0, signal: null })
      expect(second, second.output).toMatchObject({ code: 0, signal: null })
      // Between them, every membership due was renewed (each by one of them).
      const renewed = [first, second].map((run) => Number(/(\d+) renewed/.exec(run.output)?.[1] ?? 0))
      expect(renewed[0]! + renewed[1]!).toBeGreaterThanOrEqual(51)
      await expectRenewedOnce(server.deps.db, 1, '2027-01-05T00:00:00Z')
      // The membership ending on its renewal date ended on it, uncharged.
      const ending = (await books(server.deps.db)).find((row) => row.email.startsWith(`${PREFIX}ending-`))
      expect(ending).toMatchObject({ status: 'expired', charges: 0 })
    }, 120_000)

    it('killed before a charge, then between a charge and its write: run again, each is charged once and none stays renewing; --now again charges nothing', async () => {
      const db = server.deps.db
      const held = await runJobs(database, SECOND, { env: { SANDBOX_CHARGE_DELAY_MS: HOLD }, killAt: HOLDING_BEFORE })
      expect(held, held.output).toMatchObject({ code: null, signal: 'SIGKILL', killed: 'at match' })
      await expectConsistent(db, 1)
      const afterHold = await books(db)
      const renewing = afterHold.filter((row) => row.status === 'renewing')
      expect(renewing, `${JSON.stringify(afterHold)}\n${held.output}`).toHaveLength(1)
      expect(renewing[0]).toMatchObject({ charges: 1, renewals: 1 })

      const cut = await runJobs(database, SECOND, {
        env: { SANDBOX_CHARGE_REPLY_DELAY_MS: HOLD },
        killAt: HOLDING_AFTER,
      })
      expect(cut, cut.output).toMatchObject({ code: null, signal: 'SIGKILL', killed: 'at match' })
      await expectConsistent(db, 1)
      // One membership is charged for the second period, and the charge is not written yet.
      expect((await books(db)).filter((row) => row.charges === 2 && row.renewals === 1)).toHaveLength(1)

      const after = await runJobs(database, SECOND)
      expect(after, after.output).toMatchObject({ code: 0, signal: null })
      await expectRenewedOnce(db, 2, '2027-02-05T00:00:00Z')

      // The same --now once more (here, in this process): nothing is due, nothing is charged.
      const again = await runDue(jobsDeps(server), new Date(SECOND))
      expect(again).toMatchObject({ rounds: 0, done: {}, failed: [], busy: [] })
      await expectRenewedOnce(db, 2, '2027-02-05T00:00:00Z')
    }, 240_000)
  },
)

/** A member who joined on `joinedAt`, paid by a real sandbox charge (what a cancellation refunds). */
async function joined(server: TestServer, email: string, joinedAt: Date) {
  const { db, payments } = server.deps
  const { id } = await one(
    db,
    z.object({ id: z.number() }),
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, state)
     SELECT group_key, $1, password_hash, role, 'Renée', 'Member', state FROM users WHERE group_key = $2 AND email = $3
     RETURNING id`,
    [email, groupKey, MEMBER.email],
  )
  const card = sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', zip: '90210' })
  const charge = await payments.charge({
    token: card.token,
    amountCents: 1495,
    description: 'Essential plan, first month',
    idempotencyKey: `join-${email}`,
  })
  await db.transaction(async (tx) => {
    await members.saveCard(tx, groupKey, id, card)
    const receipt = await members.addReceipt(tx, groupKey, id, {
      description: 'Essential plan, first month',
      amountCents: charge.amountCents,
      cardLast4: card.last4,
      paidAt: joinedAt,
      chargeId: charge.chargeId,
    })
    await lifecycle.start(tx, groupKey, id, {
      planId: 101,
      officeId: 1001,
      billingCycle: 'monthly',
      timeZone: 'UTC',
      startedAt: joinedAt,
      renewsAt: periodEnd(joinedAt, 'monthly', 'UTC'),
      receiptId: receipt.id,
      amountCents: charge.amountCents,
      enrollmentFeeCents: 0,
      actor: 'checkout',
    })
  })
  return { id, email, chargeId: charge.chargeId }
}

const refundRow = z.object({
  processor: z.coerce.number(),
  ours: z.coerce.number(),
  refunded: z.coerce.number(),
  cancelled_events: z.coerce.number(),
  mails: z.coerce.number(),
  status: z.string(),
})

/** A member's refund as the processor and our books hold it, and their cancellation. */
const refundBooks = (db: Database, member: { id: number; email: string; chargeId: string }) =>
  one(
    db,
    refundRow,
    `SELECT (SELECT count(*) FROM sandbox_refunds WHERE charge_id = $2) AS processor,
            (SELECT count(*) FROM refunds f JOIN receipts r ON r.id = f.receipt_id WHERE r.charge_id = $2) AS ours,
            (SELECT COALESCE(SUM(amount_cents), 0) FROM sandbox_refunds WHERE charge_id = $2) AS refunded,
            (SELECT count(*) FROM membership_events e JOIN subscriptions s ON s.id = e.subscription_id
              WHERE s.member_id = $1 AND e.event = 'cancelled') AS cancelled_events,
            (SELECT count(*) FROM outbox WHERE recipient = $3 AND subject LIKE '%is cancelled%') AS mails,
            (SELECT status FROM subscriptions WHERE member_id = $1 ORDER BY id DESC LIMIT 1) AS status`,
    [member.id, member.chargeId, member.email],
  )

describe.each(DATABASES)('refunds and cancellations, once (%s)', (kind) => {
  /** When set, the processor refunds but its answer is lost on the way back (a reset connection, a crash). */
  let loseNextAnswer = false
  /** When set, the next charge says it has begun, and waits to be let go. */
  let holdNextCharge: { begun: () => void; letGo: Promise<void> } | undefined
  const server = useTestServer(kind, {
    payments: (db) => {
      const sandbox = createSandboxProcessor(db)
      return {
        ...sandbox,
        async charge(request) {
          const hold = holdNextCharge
          holdNextCharge = undefined
          hold?.begun()
          await hold?.letGo
          return sandbox.charge(request)
        },
        async refund(request) {
          const refund = await sandbox.refund(request)
          if (loseNextAnswer) {
            loseNextAnswer = false
            throw new Error('The connection to the processor was reset')
          }
          return refund
        },
      }
    },
  })
  const today = new Date('2026-11-27T10:00:00Z')

  it('two cancellations at once (a double click): one refund at the processor and in our books, cancelled once, one mail', async () => {
    const member = await joined(server, 'double-click@demo.test', new Date('2026-11-20T10:00:00Z'))
    const answers = await Promise.allSettled([
      lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member'),
      lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member'),
    ])
    // Each answer is the refund, or, for the one that came second, that the membership has ended.
    expect(answers.some((answer) => answer.status === 'fulfilled')).toBe(true)
    for (const answer of answers)
      if (answer.status === 'fulfilled')
        expect(answer.value).toMatchObject({ kind: 'now', refundCents: 1495, reason: 'refund_window' })
      else expect(String(answer.reason)).toMatch(/already ended/)
    expect(await refundBooks(server.deps.db, member)).toEqual({
      processor: 1,
      ours: 1,
      refunded: 1495,
      cancelled_events: 1,
      mails: 1,
      status: 'cancelled',
    })
  })

  it('a cancellation that commits between the other one reading the membership and counting its refunds: the other says it has ended, no second refund', async () => {
    const member = await joined(server, 'between-reads@demo.test', new Date('2026-11-20T10:00:00Z'))
    const deps = jobsDeps(server)
    // The second cancellation's database: it counts the receipt's refunds only once the first has committed.
    const late: JobsDeps = {
      ...deps,
      db: {
        ...deps.db,
        query: async (text, params) => {
          if (text.includes('FROM receipts r WHERE r.id = ANY')) await first
          return deps.db.query(text, params)
        },
      },
    }
    const second = lifecycle.cancel(late, groupKey, member.id, today, 'member')
    const first = lifecycle.cancel(deps, groupKey, member.id, today, 'member')
    await expect(first).resolves.toMatchObject({ kind: 'now', refundCents: 1495 })
    await expect(second).rejects.toThrow('This membership has already ended.')
    expect(await refundBooks(server.deps.db, member)).toMatchObject({ processor: 1, ours: 1, refunded: 1495, mails: 1 })
  })

  it('the processor refunded but its answer was lost: asked again, the same key answers the same refund, recorded once', async () => {
    const member = await joined(server, 'lost-answer@demo.test', new Date('2026-11-20T10:00:00Z'))
    loseNextAnswer = true
    await expect(lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member')).rejects.toThrow(/reset/)
    // Refunded at the processor, nothing written here yet: the member still sees an active membership.
    expect(await refundBooks(server.deps.db, member)).toMatchObject({ processor: 1, ours: 0, status: 'active' })
    expect(await lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member')).toMatchObject({
      kind: 'now',
      refundCents: 1495,
      reason: 'refund_window',
    })
    expect(await refundBooks(server.deps.db, member)).toEqual({
      processor: 1,
      ours: 1,
      refunded: 1495,
      cancelled_events: 1,
      mails: 1,
      status: 'cancelled',
    })
    const receipt = (await members.receipts(server.deps.db, groupKey, member.id))[0]
    expect(receipt).toMatchObject({ amountCents: 1495, refundedCents: 1495 })
  })

  it('cancelling while the jobs charge a past-due retry is refused until the charge is written; then it refunds that charge', async () => {
    const member = await joined(server, 'retrying@demo.test', new Date('2026-10-21T10:00:00Z'))
    const { db } = server.deps
    const subscription = (await members.subscription(db, groupKey, member.id))!
    // The renewal on 21 November is declined (a card that pays only while its holder is there): past due.
    const later = sandboxTokenize({ number: '4000000000000341', expMonth: 12, expYear: 2099, cvc: '123', zip: '90210' })
    await members.saveCard(db, groupKey, member.id, later)
    expect(await lifecycle.renew(jobsDeps(server), subscription.id, new Date('2026-11-21T12:00:00Z'))).toBe('declined')
    const good = sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', zip: '90210' })
    await members.saveCard(db, groupKey, member.id, good)

    // The retry on the 22nd is at the processor when the member asks to cancel.
    let begun!: () => void
    const charging = new Promise<void>((resolve) => (begun = resolve))
    let letGo!: () => void
    holdNextCharge = { begun, letGo: new Promise<void>((resolve) => (letGo = resolve)) }
    const retry = lifecycle.renew(jobsDeps(server), subscription.id, new Date('2026-11-22T12:00:00Z'))
    await charging
    await expect(lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member')).rejects.toThrow(
      'Your renewal is being charged right now. Try again in a minute.',
    )
    letGo()
    expect(await retry).toBe('renewed')
    const [renewal] = await members.receipts(db, groupKey, member.id)
    expect(renewal?.description).toMatch(/renewal/)
    expect((await members.subscription(db, groupKey, member.id))?.status).toBe('active')

    // A minute later the cancellation goes through, within the refund window of the retry's payment.
    expect(await lifecycle.cancel(jobsDeps(server), groupKey, member.id, today, 'member')).toMatchObject({
      kind: 'now',
      refundCents: renewal!.amountCents,
      reason: 'refund_window',
    })
    const charges = await one(
      db,
      z.object({ n: z.coerce.number() }),
      'SELECT count(*) AS n FROM sandbox_charges WHERE token = $1',
      [good.token],
    )
    expect(charges.n).toBe(1)
  })
})
