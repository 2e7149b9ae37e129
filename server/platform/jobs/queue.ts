import PgBoss from 'pg-boss'
import { z } from '#schemas/engine/zod.ts'
import type { Database } from '../db/database.ts'
import { EVERY_MINUTE, type JobKind, type Jobs, type QueueDeps } from './job-kind.ts'
import { recordSweep, SWEEP_QUEUE } from './status.ts'

/**
 * The work that runs on time (each feature's `JobKind`s: a membership's renewals, retries, ends and
 * notices, its reminders) on pg-boss, a PostgreSQL job queue, on the site's own database: a
 * PostgreSQL server, or the embedded PGlite through `executeSql` (docs/adr/0024). A sweep on each
 * kind's schedule (pg-boss's cron: one sweep however many servers run; every minute for most) sends a
 * job per item with work due; the workers take them with SKIP LOCKED. Exactly once comes from the
 * data, not the queue: the processor's idempotency key and the `renewals` row per membership and
 * period (server/features/members/membership-lifecycle.ts). The sweep's name is in status.ts, which
 * `/readyz` reads without loading pg-boss.
 */

const jobData = z.object({ id: z.number().check(z.int()), asOf: z.string() })

/** The sweep that asks the kinds of one schedule: every minute's is the one `/readyz` reports. */
const sweepQueueOf = (schedule: string, kinds: readonly JobKind<never>[]) =>
  schedule === EVERY_MINUTE ? SWEEP_QUEUE : `${SWEEP_QUEUE}-${kinds.map((kind) => kind.queue).join('-')}`

/** The kinds grouped by schedule, each group with its sweep's queue. */
function sweepsOf<D>(jobs: Jobs<D>) {
  const bySchedule = new Map<string, JobKind<D>[]>()
  for (const kind of jobs.kinds) bySchedule.set(kind.schedule, [...(bySchedule.get(kind.schedule) ?? []), kind])
  return [...bySchedule].map(([schedule, kinds]) => ({ schedule, kinds, queue: sweepQueueOf(schedule, kinds) }))
}

/** Every queue of the app's timed work: its sweeps' and its kinds'. */
export const queuesOf = <D>(jobs: Jobs<D>): string[] => [
  ...new Set([SWEEP_QUEUE, ...sweepsOf(jobs).map((each) => each.queue), ...jobs.kinds.map((kind) => kind.queue)]),
]

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

/** pg-boss on the site's database, with the sweep's queue and `queues` made (those of the kinds it runs). */
export async function openQueue(
  deps: Pick<QueueDeps, 'db' | 'logger'>,
  options: { schedule: boolean; queues: readonly string[] },
) {
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
  for (const name of new Set([SWEEP_QUEUE, ...options.queues])) await ensureQueue(boss, name)
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
        policy: name.startsWith(SWEEP_QUEUE) ? 'standard' : 'short',
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

/**
 * Writes what a sweep writes itself (the `beforeSweep` steps: a plan's price change on its day),
 * then sends a job for each item of `kinds` with work due at `asOf`; answers how many.
 */
export async function sweep<D extends QueueDeps>(
  deps: D,
  boss: PgBoss,
  asOf: Date,
  jobs: Jobs<D>,
  skip: ReadonlySet<string> = new Set(),
) {
  for (const step of jobs.beforeSweep) await step(deps, asOf)
  let count = 0
  for (const kind of jobs.kinds) {
    const due = (await kind.due(deps, asOf)).filter((id) => !skip.has(`${kind.queue}:${id}`))
    count += due.length
    const sent = due.map((id) => ({
      name: kind.queue,
      data: { id, asOf: asOf.toISOString() },
      singletonKey: String(id),
    }))
    for (let start = 0; start < sent.length; start += 500) await boss.insert(sent.slice(start, start + 500))
  }
  return count
}

/** Jobs a worker takes at a time; pg-boss completes (or fails) them together when its handler ends. */
const WORKER_BATCH = 20

/** In the server (unless JOBS=off) or `npm run jobs`: each schedule's sweep, and the workers. */
export async function startWorkers<D extends QueueDeps>(deps: D, jobs: Jobs<D>) {
  const sweeps = sweepsOf(jobs)
  const boss = await openQueue(deps, { schedule: true, queues: queuesOf(jobs) })
  for (const { schedule, kinds, queue } of sweeps) {
    const everyMinute = queue === SWEEP_QUEUE
    await boss.schedule(queue, schedule)
    await boss.work(queue, async () => {
      const now = deps.now()
      const count = await sweep(deps, boss, now, { kinds, beforeSweep: everyMinute ? jobs.beforeSweep : [] })
      if (everyMinute) await recordSweep(deps.db, now, 'sweep')
      if (count) deps.logger.info({ count, sweep: queue }, 'Work due: sent')
    })
  }
  for (const kind of jobs.kinds) {
    const worker: { id?: string } = {}
    worker.id = await boss.work(kind.queue, { batchSize: WORKER_BATCH }, async (batch) => {
      for (const job of batch) {
        const { id, asOf } = jobData.parse(job.data)
        const outcome = await kind.run(deps, id, new Date(Math.max(deps.now().getTime(), Date.parse(asOf))))
        if (outcome !== 'skipped') deps.logger.info({ queue: kind.queue, id: job.data, outcome }, 'Job done')
        // The embedded database answers without I/O, so a job is one chain of promises: let the
        // requests waiting meanwhile in before the next one (a day's renewals take minutes).
        await new Promise((resolve) => setImmediate(resolve))
      }
      // A full batch: more are likely waiting. Fetch again at once rather than after the polling
      // interval (2 s), which would cap a day's renewals at 10 a second (bench/renewals.ts).
      if (batch.length === WORKER_BATCH && worker.id) boss.notifyWorker(worker.id)
    })
  }
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) }
}

export interface RunSummary {
  rounds: number
  done: Record<string, number>
  failed: { queue: string; id: number; error: string }[]
  /** Work another worker still held when the run ended (a renewal's payment: it completes it, or the next run). */
  busy: { queue: string; id: number }[]
}

/**
 * Runs everything due by `now`, once, then stops (`npm run jobs -- --now`): sweeps every kind at
 * `now`, whatever its schedule, and works the jobs until no work is due, so a renewal declined at
 * `now` whose retries are due by then runs them too. A job that fails is reported, left to the
 * queue's retries, and not tried again in this run. Work another worker holds (a renewal's payment:
 * two workers at once, or a worker that crashed mid-payment) is tried again each second until the
 * claim may have timed out (PAYMENT_CLAIM_TIMEOUT_MS): by then the other worker has written it, or
 * this run takes it over.
 */
export async function runDue<D extends QueueDeps>(
  deps: D,
  now: Date,
  jobs: Jobs<D>,
  maxRounds = 100,
): Promise<RunSummary> {
  const boss = await openQueue(deps, { schedule: false, queues: queuesOf(jobs) })
  const summary: RunSummary = { rounds: 0, done: {}, failed: [], busy: [] }
  const failed = new Set<string>()
  const busy = new Map<string, { queue: string; id: number }>()
  const patienceMs = deps.env.PAYMENT_CLAIM_TIMEOUT_MS + 1000
  let waitedMs = 0
  try {
    while (summary.rounds < maxRounds) {
      if ((await sweep(deps, boss, now, jobs, new Set([...failed, ...busy.keys()]))) === 0) {
        if (busy.size === 0 || waitedMs >= patienceMs) break
        const pause = Math.min(1000, patienceMs - waitedMs)
        await new Promise((resolve) => setTimeout(resolve, pause))
        waitedMs += pause
        busy.clear()
        continue
      }
      summary.rounds += 1
      for (const kind of jobs.kinds) {
        const { queue } = kind
        for (;;) {
          const batch = await boss.fetch(queue, { batchSize: 100 })
          if (batch.length === 0) break
          // The batch's done jobs are completed in one statement after it (one round trip, not one a
          // job): a crash before that leaves them active, and their retry finds nothing left to do.
          const completed: string[] = []
          for (const job of batch) {
            const { id } = jobData.parse(job.data)
            try {
              const outcome = await kind.run(deps, id, now)
              if (outcome === 'busy') busy.set(`${queue}:${id}`, { queue, id })
              else summary.done[outcome] = (summary.done[outcome] ?? 0) + 1
              completed.push(job.id)
            } catch (error) {
              failed.add(`${queue}:${id}`)
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
