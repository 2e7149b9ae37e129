import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'

/** What the queue itself needs of a process (the server's, or `npm run jobs`'s). */
export interface QueueDeps {
  db: Database
  logger: Logger
  /** The server's clock (SANDBOX_CLOCK's when set): the workers' time, and the sweep's. */
  now: () => Date
  /** How long a run waits on work another worker holds (a renewal's claimed payment) before it leaves it. */
  env: { PAYMENT_CLAIM_TIMEOUT_MS: number }
}

/** Every minute: the sweep that finds most work (renewals, ends, notices, reminders). */
export const EVERY_MINUTE = '* * * * *'

/**
 * A kind of timed work a feature registers (its `feature.ts`, `jobs`): a sweep on its `schedule`
 * asks `due` what is due, and sends one job per item to its `queue`; a worker takes each and calls
 * `run`. Exactly once comes from the data, not the queue: `run` answers `skipped` when the item is
 * no longer due (another worker did it, or it moved), and `busy` when another worker holds it (the
 * run tries it again later).
 */
export interface JobKind<Deps> {
  /** The queue its jobs wait in (one job per item waits at a time). */
  readonly queue: string
  /** When its sweep runs: a cron expression (UTC), `EVERY_MINUTE` for most. */
  readonly schedule: string
  /** The items (ids) with work due at `asOf`. */
  due(deps: Deps, asOf: Date): Promise<readonly number[]>
  /** Does one item's work at `now`; answers what it did, for the log and the run's summary. */
  run(deps: Deps, id: number, now: Date): Promise<string>
}

/** The app's timed work: every feature's kinds, and the steps a sweep writes itself before it asks them. */
export interface Jobs<Deps> {
  readonly kinds: readonly JobKind<Deps>[]
  /** Written at once by each every-minute sweep and each run, before any kind is asked what is due. */
  readonly beforeSweep: readonly ((deps: Deps, asOf: Date) => Promise<void>)[]
}
