import { readdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from './platform/db/database.ts'
import { MIGRATIONS_DIR } from './platform/db/migrate.ts'
import { appliedMigrations } from './platform/db/migration-store.ts'
import { lastSweep, oldestWaiting } from './platform/jobs/status.ts'
import { queuesOf } from './platform/jobs/queue.ts'
import { jobs as appJobs } from './features/registry.ts'

/** How long readiness waits for the database before it says no. */
const DATABASE_CHECK_MS = 2_000
/**
 * How long one check of the database answers every `/readyz`: anyone may ask, and a burst of
 * probes then costs the database one check a second, not one each.
 */
const READINESS_REUSE_MS = 1_000

export interface Health {
  /** Answers `/healthz` and `/readyz`; false for any other request. */
  answer(req: IncomingMessage, res: ServerResponse): boolean
  /** From now on `/readyz` says no: the process is shutting down (its load balancer stops sending). */
  draining(): void
}

/** The database's answer within DATABASE_CHECK_MS, or an error (a late answer is dropped). */
async function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>(
    (_resolve, reject) =>
      (timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS)),
  )
  try {
    return await Promise.race([work, timeout])
  } catch (error) {
    work.catch(() => undefined)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `/healthz`: the process answers (a supervisor restarts it when not). `/readyz`: the process can
 * serve: the database answers, every migration this build knows is applied, and it is not shutting
 * down; 503 otherwise (a load balancer sends it no requests). Both are answered before the app: no
 * tenant, cookie or session, so a probe changes nothing and costs nothing.
 *
 * `/readyz` also says how the memberships' jobs go (server/platform/jobs/status.ts): the last sweep and the
 * oldest job waiting, so a monitor sees jobs that stopped. They never make it say no: a server
 * with JOBS=off serves as well, and is right to sweep nothing when a worker does; `jobs` is null
 * when they cannot be read in time. One check answers the probes of a second (READINESS_REUSE_MS);
 * shutting down says no at once.
 */
export function createHealth(
  db: Database,
  migrationsDir: string = MIGRATIONS_DIR,
  now: () => number = Date.now,
  queues: readonly string[] = queuesOf(appJobs),
): Health {
  const known = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql'))
  let shuttingDown = false

  const migrations = async () => {
    const applied = new Set(await appliedMigrations(db))
    return known.filter((file) => !applied.has(file))
  }

  const jobs = async () => {
    const [sweep, waiting] = await Promise.all([lastSweep(db), oldestWaiting(db, queues)])
    return {
      lastSweep: sweep ? { at: sweep.at.toISOString(), by: sweep.by } : null,
      oldestWaiting: waiting ? { ...waiting, since: waiting.since.toISOString() } : null,
    }
  }

  const readiness = async () => {
    const [database, jobsStatus] = await Promise.all([
      bounded(migrations()).then(
        (pending) => ({ database: 'up' as const, pendingMigrations: pending }),
        () => ({ database: 'down' as const, pendingMigrations: [] }),
      ),
      bounded(jobs()).catch(() => null),
    ])
    return { ...database, jobs: jobsStatus }
  }
  let last: { at: number; check: ReturnType<typeof readiness> } | undefined
  const currentReadiness = () => {
    if (!last || now() - last.at >= READINESS_REUSE_MS) last = { at: now(), check: readiness() }
    return last.check
  }

  const send = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    const json = JSON.stringify(body)
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': Buffer.byteLength(json),
      ...(status === 503 ? { 'Retry-After': '5' } : {}),
    })
    res.end(json)
  }

  return {
    answer(req, res) {
      const path = req.url?.split('?')[0]
      if (path === '/healthz') {
        send(res, 200, { status: 'ok' })
        return true
      }
      if (path !== '/readyz') return false
      void currentReadiness().then(({ database, pendingMigrations, jobs }) => {
        const ready = database === 'up' && pendingMigrations.length === 0 && !shuttingDown
        send(res, ready ? 200 : 503, {
          status: ready ? 'ready' : 'not ready',
          database,
          pendingMigrations,
          shuttingDown,
          jobs,
        })
      })
      return true
    },
    draining() {
      shuttingDown = true
    },
  }
}
