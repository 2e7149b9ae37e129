import PgBoss from 'pg-boss'
import { z } from '#schemas/engine/zod.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { Conflict } from '../services/errors.ts'
import { lifecycle, type DueKind, type LifecycleDeps } from '../services/membership-lifecycle.ts'
import { reminders, type ReminderKind } from '../services/membership-reminders.ts'
import { planPrices } from '../services/plan-prices.ts'
import { QUEUES, recordSweep } from './status.ts'

/**
 * The work that runs on time (a membership's renewals, retries, ends and notices) on pg-boss, a
 * PostgreSQL job queue, on the site's own database: a PostgreSQL server, or the embedded PGlite
 * through `executeSql` (docs/adr/0024). A sweep every minute (pg-boss's cron: one sweep a minute
 * however many servers run) sends a job per membership with work due; the workers take them with
 * SKIP LOCKED. Exactly once comes from the data, not the queue: the processor's idempotency key and
 * the `renewals` row per membership and period (server/services/membership-lifecycle.ts). The
 * queues' names are in status.ts, which `/readyz` reads without loading pg-boss.
 */
export { QUEUES }
/** The work a sweep finds due: the lifecycle's, and the reminders' (server/services/membership-reminders.ts). */
type WorkKind = DueKind | ReminderKind
const QUEUE_OF: Record<WorkKind, string> = {
  renew: QUEUES.renew,
  expire: QUEUES.expire,
  notice: QUEUES.notice,
  card_expiry: QUEUES.cardExpiry,
  annual_reminder: QUEUES.annualReminder,
}

const jobData = z.object({ id: z.number().check(z.int()), asOf: z.string() })

export interface JobsDeps extends LifecycleDeps {
  db: Database
  logger: Logger
  /** The server's clock (SANDBOX_CLOCK's when set): the workers' time, and the sweep's. */
  now: () => Date
}

/** pg-boss on the site's database: statements with parameters as queries, scripts as scripts. */
const executeSql = (db: Database) => async (text: string, values?: unknown[]) => ({
  rows: values && values.length > 0 ? await db.query(text, values as never) : await db.script(text),
})

/**
 * Two processes installing pg-boss's tables at once on a fresh PostgreSQL (two `npm run jobs`, or
 * servers starting together): pg-boss takes a lock and expects the loser's "already exists", but
 * PostgreSQL may refuse its `CREATE SCHEMA IF NOT EXISTS` with a unique violation on the catalog
 * instead. The winner has installed it by then: start again.
 */
const isInstallRace = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === '23505' && /pg_namespace|pg_type/.test(error.message)

export async function openQueue(deps: Pick<JobsDeps, 'db' | 'logger'>, options: { schedule: boolean }) {
  const make = () => {
    const made = new PgBoss({
      db: { executeSql: executeSql(deps.db) },
      schedule: options.schedule,
      supervise: options.schedule,
      // The cron's clock check: PGlite and PostgreSQL share the machine's clock here.
      clockMonitorIntervalSeconds: 600,
    })
    made.on('error', (error) => deps.logger.error({ err: error }, 'Job queue error'))
    return made
  }
  let boss = make()
  try {
    await boss.start()
  } catch (error) {
    if (!isInstallRace(error)) throw error
    boss = make()
    await boss.start()
  }
  for (const name of Object.values(QUEUES)) await ensureQueue(boss, name)
  return boss
}

/**
 * Makes a queue unless it exists. Processes making it at the same moment may collide (a unique
 * violation, or PostgreSQL's deadlock between their partitions): the one that lost tries again,
 * and finds it made.
 */
async function ensureQueue(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return
    try {
      // One queued job per membership and kind (`short`): a sweep while the last one's jobs wait adds none.
      await boss.createQueue(name, {
        name,
        policy: name === QUEUES.sweep ? 'standard' : 'short',
        retryLimit: 5,
        retryDelay: 60,
      })
      return
    } catch (error) {
      if (attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
}

/** Writes the price changes due, then sends a job for each membership with work due at `asOf`; answers how many. */
export async function sweep(deps: JobsDeps, boss: PgBoss, asOf: Date, skip: ReadonlySet<string> = new Set()) {
  // Plans' price changes whose day has come are written into the plans first (server/services/plan-prices.ts).
  await planPrices.applyDue(deps.db, asOf)
  const due: { id: number; kind: WorkKind }[] = [
    ...(await lifecycle.due(deps.db, asOf, undefined, deps.tenants.tenants)),
    ...(await reminders.due(deps.db, asOf, deps.tenants.tenants)),
  ].filter((item) => !skip.has(`${item.kind}:${item.id}`))
  for (const kind of Object.keys(QUEUE_OF) as WorkKind[]) {
    const jobs = due
      .filter((item) => item.kind === kind)
      .map((item) => ({
        name: QUEUE_OF[kind],
        data: { id: item.id, asOf: asOf.toISOString() },
        singletonKey: String(item.id),
      }))
    for (let start = 0; start < jobs.length; start += 500) await boss.insert(jobs.slice(start, start + 500))
  }
  return due.length
}

/** Runs one job: the lifecycle's step for its membership, at `now`. */
export async function runJob(deps: JobsDeps, queue: string, data: unknown, now: Date): Promise<string> {
  const { id } = jobData.parse(data)
  if (queue === QUEUES.renew)
    return lifecycle.renew(deps, id, now).catch((error: unknown) => {
      // The renewal's payment is claimed by another worker (or by one that crashed, until the claim
      // times out): that worker completes it, or the next attempt after the timeout takes it over.
      if (error instanceof Conflict) return 'busy'
      throw error
    })
  if (queue === QUEUES.expire) return (await lifecycle.expire(deps, id, now)) ? 'expired' : 'skipped'
  if (queue === QUEUES.notice) return (await lifecycle.notice(deps, id, now)) ? 'noticed' : 'skipped'
  if (queue === QUEUES.cardExpiry)
    return (await reminders.send(deps, 'card_expiry', id, now)) ? 'card_expiry_mailed' : 'skipped'
  if (queue === QUEUES.annualReminder)
    return (await reminders.send(deps, 'annual_reminder', id, now)) ? 'reminded' : 'skipped'
  throw new Error(`No handler for the queue ${queue}`)
}

/** Jobs a worker takes at a time; pg-boss completes (or fails) them together when its handler ends. */
const WORKER_BATCH = 20

/** In the server (unless JOBS=off) or `npm run jobs`: the sweep every minute, and the workers. */
export async function startWorkers(deps: JobsDeps) {
  const boss = await openQueue(deps, { schedule: true })
  await boss.schedule(QUEUES.sweep, '* * * * *')
  await boss.work(QUEUES.sweep, async () => {
    const now = deps.now()
    const count = await sweep(deps, boss, now)
    await recordSweep(deps.db, now, 'sweep')
    if (count) deps.logger.info({ count }, 'Membership work due: sent')
  })
  for (const queue of Object.values(QUEUE_OF)) {
    const worker: { id?: string } = {}
    worker.id = await boss.work(queue, { batchSize: WORKER_BATCH }, async (jobs) => {
      for (const job of jobs) {
        const { asOf } = jobData.parse(job.data)
        const outcome = await runJob(deps, queue, job.data, new Date(Math.max(deps.now().getTime(), Date.parse(asOf))))
        if (outcome !== 'skipped') deps.logger.info({ queue, id: job.data, outcome }, 'Membership job done')
        // The embedded database answers without I/O, so a job is one chain of promises: let the
        // requests waiting meanwhile in before the next one (a day's renewals take minutes).
        await new Promise((resolve) => setImmediate(resolve))
      }
      // A full batch: more are likely waiting. Fetch again at once rather than after the polling
      // interval (2 s), which would cap a day's renewals at 10 a second (bench/renewals.ts).
      if (jobs.length === WORKER_BATCH && worker.id) boss.notifyWorker(worker.id)
    })
  }
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) }
}

export interface RunSummary {
  rounds: number
  done: Record<string, number>
  failed: { queue: string; id: number; error: string }[]
  /** Work whose payment another worker still held when the run ended (it completes it, or the next run). */
  busy: { queue: string; id: number }[]
}

/**
 * Runs everything due by `now`, once, then stops (`npm run jobs -- --now`): sweeps at `now` and
 * works the jobs until no work is due, so a renewal declined at `now` whose retries are due by then
 * runs them too. A job that fails is reported, left to the queue's retries, and not tried again in
 * this run. A renewal whose payment another worker holds (two workers at once, or a worker that
 * crashed mid-payment) is tried again each second until the claim may have timed out
 * (PAYMENT_CLAIM_TIMEOUT_MS): by then the other worker has written it, or this run takes it over.
 */
export async function runDue(deps: JobsDeps, now: Date, maxRounds = 100): Promise<RunSummary> {
  const boss = await openQueue(deps, { schedule: false })
  const summary: RunSummary = { rounds: 0, done: {}, failed: [], busy: [] }
  const failed = new Set<string>()
  const busy = new Map<string, { queue: string; id: number }>()
  const patienceMs = deps.env.PAYMENT_CLAIM_TIMEOUT_MS + 1000
  let waitedMs = 0
  try {
    while (summary.rounds < maxRounds) {
      if ((await sweep(deps, boss, now, new Set([...failed, ...busy.keys()]))) === 0) {
        if (busy.size === 0 || waitedMs >= patienceMs) break
        const pause = Math.min(1000, patienceMs - waitedMs)
        await new Promise((resolve) => setTimeout(resolve, pause))
        waitedMs += pause
        busy.clear()
        continue
      }
      summary.rounds += 1
      for (const [kind, queue] of Object.entries(QUEUE_OF)) {
        for (;;) {
          const jobs = await boss.fetch(queue, { batchSize: 100 })
          if (jobs.length === 0) break
          // The batch's done jobs are completed in one statement after it (one round trip, not one a
          // job): a crash before that leaves them active, and their retry finds nothing left to do.
          const completed: string[] = []
          for (const job of jobs) {
            const { id } = jobData.parse(job.data)
            try {
              const outcome = await runJob(deps, queue, job.data, now)
              if (outcome === 'busy') busy.set(`${kind}:${id}`, { queue, id })
              else summary.done[outcome] = (summary.done[outcome] ?? 0) + 1
              completed.push(job.id)
            } catch (error) {
              failed.add(`${kind}:${id}`)
              const message = error instanceof Error ? error.message : String(error)
              summary.failed.push({ queue, id, error: message })
              await boss.fail(queue, job.id, { message })
            }
          }
          if (completed.length > 0) await boss.complete(queue, completed)
        }
      }
    }
    await recordSweep(deps.db, now, 'run')
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false })
  }
  summary.busy = [...busy.values()]
  return summary
}
