import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from '../db/database.ts'
import { putSetting, settingOf } from '../db/settings-store.ts'

/**
 * What every process can read of the memberships' jobs, from the database: when the last sweep ran
 * and the oldest job still waiting. `/readyz` reports both (server/health.ts), and `npm run jobs
 * -- --now` compares its time with the last sweep. A server on the embedded database with JOBS=off
 * sweeps nothing: these are how an operator sees that nothing runs, rather than a silent stop.
 */
/**
 * The every-minute sweep's queue (server/platform/jobs/queue.ts). Its name is older than the
 * feature registry: kept, so that a deployment's pg-boss schedule of that name still reaches it.
 */
export const SWEEP_QUEUE = 'membership-sweep'

/** The last sweep, in the settings table (key and value): one row, every sweep writes it. */
const LAST_SWEEP = 'jobs.last_sweep'

const lastSweepSchema = z.object({
  /** The time swept at: the server's clock (SANDBOX_CLOCK's when set), or the run's `--now`. */
  at: z.coerce.date(),
  /** `sweep`: the every-minute sweep of a server or of `npm run jobs`; `run`: `npm run jobs -- --now`. */
  by: z.enum(['sweep', 'run']),
})
export type LastSweep = z.infer<typeof lastSweepSchema>

/** Records a sweep at `at`: the latest one written is the last sweep, even an earlier `--now`. */
export async function recordSweep(db: Queryable, at: Date, by: LastSweep['by']): Promise<void> {
  await putSetting(db, LAST_SWEEP, JSON.stringify({ at: at.toISOString(), by }))
}

/** The last sweep recorded, or undefined when none was (or its row cannot be read). */
export async function lastSweep(db: Queryable): Promise<LastSweep | undefined> {
  const row = await settingOf(db, LAST_SWEEP)
  if (!row) return undefined
  try {
    return lastSweepSchema.parse(JSON.parse(row.value))
  } catch {
    return undefined
  }
}

/** The oldest job not yet taken, by the database's clock. */
export interface OldestWaiting {
  queue: string
  since: Date
  /** How many jobs wait, in all the queues. */
  waiting: number
}

/**
 * The oldest job waiting in `queues` (the app's: server/platform/jobs/queue.ts `queuesOf`; created, or waiting for its retry), or
 * undefined when none waits or pg-boss has not made its tables (no process has run the jobs yet: a
 * server with JOBS=off on a fresh database). `state < 'active'` is the predicate of pg-boss's own
 * index of waiting jobs (job_i5, which carries created_on), so this reads only that index.
 */
export async function oldestWaiting(db: Queryable, queues: readonly string[]): Promise<OldestWaiting | undefined> {
  const installed = await maybeOne(
    db,
    z.object({ present: z.boolean() }),
    "SELECT to_regclass('pgboss.job') IS NOT NULL AS present",
  )
  if (!installed?.present) return undefined
  return maybeOne(
    db,
    z.object({ queue: z.string(), since: z.coerce.date(), waiting: z.number() }),
    `SELECT name AS queue, created_on AS since, count(*) OVER ()::int AS waiting FROM pgboss.job
      WHERE name = ANY($1::text[]) AND state < 'active' ORDER BY created_on, id LIMIT 1`,
    [queues],
  )
}
