/**
 * The two processes of the renewals bench (bench/renewals.ts), each in a child of its own:
 *
 *   seed <dataDir> <count> <dueDay>   a fresh embedded database with the demo data and the job
 *                                      queue's tables, then `count` members with a card on file and a
 *                                      monthly membership renewing on `dueDay` (spread over the day),
 *                                      inserted in bulk SQL.
 *   run <dataDir> <now>                the jobs as `npm run jobs -- --now <now>` runs them (the same
 *                                      dependencies, `runDue`, the sandbox processor), timed.
 *
 * Each writes one line of JSON on stdout at its end.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { tenants } from '#site-config/tenants.ts'
import { z } from '#schemas/engine/zod.ts'
import { createServerDeps } from '#server/bootstrap.ts'
import { one } from '#server/platform/db/database.ts'
import { readEnv } from '#server/env.ts'
import { openQueue } from '#server/platform/jobs/queue.ts'
import { jobs, runDue } from '#server/features/registry.ts'
import { createLogger } from '#server/platform/logger.ts'
import { members } from '#server/features/members/members.ts'
import { sandboxTokenize } from '#server/platform/payments/sandbox-processor.ts'
import { procMib } from './proc-status.ts'

/** The members the bench adds, known by their address. */
export const BENCH_EMAIL = (index: number | string) => `renewal-${index}@bench.test`
const BENCH_EMAIL_LIKE = 'renewal-%@bench.test'

export const seededSchema = z.object({ members: z.number(), plan: z.string(), priceCents: z.number() })
export const ranSchema = z.object({
  ms: z.number(),
  cpuMs: z.number(),
  rounds: z.number(),
  done: z.record(z.string(), z.number()),
  failed: z.number(),
  renewals: z.number(),
  receipts: z.number(),
  mails: z.number(),
  stillDue: z.number(),
  rssBeforeMib: z.number(),
  peakRssMib: z.number(),
})

const groupKey = tenants.defaultTenant
const mib = (bytes: number) => bytes / 2 ** 20

async function open(dataDir: string) {
  const env = readEnv({ ...process.env, DATA_DIR: dataDir, PASSWORD_HASH_COST: '12', LOG_LEVEL: 'warn' })
  return createServerDeps(env, createLogger(env.LOG_LEVEL))
}

async function seed(dataDir: string, count: number, dueDay: Date) {
  const deps = await open(dataDir)
  const { db } = deps
  const plan = await one(
    db,
    z.object({ id: z.number(), name: z.string(), monthly_price_cents: z.number(), annual_price_cents: z.number() }),
    'SELECT id, name, monthly_price_cents, annual_price_cents FROM plans WHERE group_key = $1 ORDER BY id LIMIT 1',
    [groupKey],
  )
  // A card that pays off-session (the sandbox's 4242), the same token on every member's file.
  const card = sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' })
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, state)
       SELECT $1, 'renewal-' || g || '@bench.test', 'not-a-hash', 'member', 'Member', 'Number ' || g, 'CA'
         FROM generate_series(1, $2::integer) g`,
      [groupKey, count],
    )
    await tx.query(
      `INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip)
       SELECT id, group_key, $2, $3, $4, $5, $6, $7 FROM users WHERE group_key = $1 AND email LIKE $8`,
      [groupKey, card.token, card.brand, card.last4, card.expMonth, card.expYear, card.zip, BENCH_EMAIL_LIKE],
    )
    // Due at a second of the day each (members are spread over it): half monthly, started two months
    // before; half annual, started two years before, their notice sent 30 days before (the notice
    // guard checks it). Each with the renewal price it was told, which the renewal reads as its cap.
    await tx.query(
      `INSERT INTO subscriptions (group_key, member_id, plan_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at,
                                  renewal_cents, renewal_told_at, renewal_told_by, notice_sent_for, notice_sent_at)
       SELECT group_key, id, $2, cycle, 'active', true, due - 2 * period, due, due - period,
              CASE cycle WHEN 'annual' THEN $5::integer ELSE $6::integer END, due - period, 'renewal',
              CASE cycle WHEN 'annual' THEN due END, CASE cycle WHEN 'annual' THEN due - interval '30 days' END
         FROM (SELECT id, group_key, $3::timestamptz + (id % 86400) * interval '1 second' AS due,
                      CASE WHEN id % 2 = 0 THEN 'annual' ELSE 'monthly' END AS cycle,
                      CASE WHEN id % 2 = 0 THEN interval '1 year' ELSE interval '1 month' END AS period
                 FROM users WHERE group_key = $1 AND email LIKE $4) members`,
      [groupKey, plan.id, dueDay, BENCH_EMAIL_LIKE, plan.annual_price_cents, plan.monthly_price_cents],
    )
  })
  const seeded = await one(
    db,
    z.object({ members: z.coerce.number() }),
    'SELECT count(*) AS members FROM subscriptions s JOIN users u ON u.id = s.member_id WHERE u.email LIKE $1',
    [BENCH_EMAIL_LIKE],
  )
  // The job queue's tables, as a site that has run has them (the server makes them at its first start).
  const boss = await openQueue(deps, { schedule: false, queues: jobs.kinds.map((kind) => kind.queue) })
  await boss.stop({ graceful: false, wait: true, close: false })
  const sample = await one(db, z.object({ id: z.number() }), 'SELECT id FROM users WHERE email = $1', [BENCH_EMAIL(1)])
  const subscription = await members.subscription(db, groupKey, sample.id)
  await db.close()
  return { members: seeded.members, plan: plan.name, priceCents: subscription?.priceCents ?? NaN }
}

async function run(dataDir: string, now: Date) {
  const deps = await open(dataDir)
  const { db } = deps
  const rssBeforeMib = mib(process.memoryUsage().rss)
  const started = performance.now()
  const cpu = process.cpuUsage()
  const summary = await runDue({ ...deps, tenants }, now)
  const ms = performance.now() - started
  const { user, system } = process.cpuUsage(cpu)
  const counts = await one(
    db,
    z.object({
      renewals: z.coerce.number(),
      receipts: z.coerce.number(),
      mails: z.coerce.number(),
      still_due: z.coerce.number(),
    }),
    `SELECT
       (SELECT count(*) FROM renewals r JOIN subscriptions s ON s.id = r.subscription_id JOIN users u ON u.id = s.member_id
         WHERE u.email LIKE $1 AND r.period_start = s.period_started_at) AS renewals,
       (SELECT count(*) FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email LIKE $1) AS receipts,
       (SELECT count(*) FROM outbox WHERE recipient LIKE $1) AS mails,
       (SELECT count(*) FROM subscriptions s JOIN users u ON u.id = s.member_id
         WHERE u.email LIKE $1 AND (s.status <> 'active' OR s.renews_at <= $2)) AS still_due`,
    [BENCH_EMAIL_LIKE, now],
  )
  await db.close()
  return {
    ms,
    cpuMs: (user + system) / 1000,
    rounds: summary.rounds,
    done: summary.done,
    failed: summary.failed.length,
    renewals: counts.renewals,
    receipts: counts.receipts,
    mails: counts.mails,
    stillDue: counts.still_due,
    rssBeforeMib,
    // VmHWM: this process's peak resident set. Not ru_maxrss (`resourceUsage().maxRSS`), which
    // Linux keeps across the fork and exec that started it: it starts at the parent's size, and
    // in `npm run bench:check` the parent (which ran Lighthouse before) is the larger.
    peakRssMib: procMib('self', 'VmHWM'),
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const [mode, dataDir, ...rest] = process.argv.slice(2)
  if (mode === 'seed' && dataDir && rest.length === 2)
    console.log(JSON.stringify(await seed(dataDir, Number(rest[0]), new Date(rest[1]!))))
  else if (mode === 'run' && dataDir && rest.length === 1)
    console.log(JSON.stringify(await run(dataDir, new Date(rest[0]!))))
  else {
    console.error('Usage: renewals-worker.ts seed <dataDir> <count> <dueDay> | run <dataDir> <now>')
    process.exit(2)
  }
}
