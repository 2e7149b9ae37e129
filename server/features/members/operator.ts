import type { Holder } from '../../platform/db/holder.ts'
import { lifecycle, type LifecycleDeps } from './membership-lifecycle.ts'
import { reminders } from './membership-reminders.ts'
import type { LastSweep } from '../../platform/jobs/status.ts'
import { dollars } from '../plans/index.ts'

/**
 * What the memberships' jobs tell an operator: the server's warning when nothing will run them,
 * `npm run jobs`'s refusal and warnings, and its dry run. Each is a function of what is true, so a
 * test reads the words.
 */

/** Who holds the embedded database, in its holder file (server/platform/db/holder.ts). */
export const HOLDER_ROLES = {
  server: 'a server',
  jobs: 'npm run jobs',
  dryRun: 'npm run jobs -- --dry-run',
} as const

/**
 * A server on the embedded database with JOBS=off: the database is this process's alone, so
 * `npm run jobs` cannot open it beside the server, and no renewal, retry, end or notice runs
 * until someone acts. Undefined when something can run them.
 */
export function unattendedJobsWarning(setup: { embedded: boolean; jobs: 'on' | 'off' }): string | undefined {
  if (!setup.embedded || setup.jobs === 'on') return undefined
  return (
    'JOBS=off on the embedded database: nothing will run the memberships’ jobs (renewals, retries, ends, notices) ' +
    'while this server runs, and `npm run jobs` cannot open the embedded database beside it. ' +
    'Start the server with JOBS=on (the default) to run them here; or use PostgreSQL (DATABASE_URL) and run ' +
    '`npm run jobs` beside the servers. To catch up, stop the server and run `npm run jobs -- --now <ISO time>`.'
  )
}

/** Why `npm run jobs` cannot open the embedded database, in words true of the process that holds it. */
export function heldRefusal(holder: Holder, dataDir: string): string {
  const held = `The embedded database in ${dataDir} is held by ${holder.role} (pid ${holder.pid}), and only one process may open it.`
  if (holder.runsJobs === true)
    return holder.role === HOLDER_ROLES.server
      ? `${held} That server runs the memberships’ jobs itself (JOBS=on): they need nothing more. To run them to a time of your own (--now) or to see what is due (--dry-run), stop it first.`
      : `${held} It is running the memberships’ jobs: wait for it to end, or stop it.`
  if (holder.runsJobs === false)
    return holder.role === HOLDER_ROLES.server
      ? `${held} That server was started with JOBS=off: nothing runs the memberships’ jobs while it holds the database. ` +
          'Restart it with JOBS=on (the default) to have it run them; or stop it and run `npm run jobs -- --now <ISO time>` to catch up; ' +
          'or use PostgreSQL (DATABASE_URL), where `npm run jobs` runs beside the servers.'
      : `${held} It runs no jobs and ends soon: try again, or stop it.`
  // A holder file from before it said whether its process runs the jobs.
  return `${held} Stop it to run the jobs here, or use PostgreSQL (DATABASE_URL).`
}

/**
 * `--now` before the last sweep: what was due by then was swept at that sweep, so the run finds
 * only what it left (a failure, a payment another worker held); and the last sweep recorded goes
 * back, which makes the jobs look further behind than they are. Undefined when `now` is not earlier.
 */
export function backwardsWarning(now: Date, last: LastSweep | undefined): string | undefined {
  if (!last || now.getTime() >= last.at.getTime()) return undefined
  const by = last.by === 'run' ? 'npm run jobs -- --now' : 'the every-minute sweep'
  return (
    `--now ${now.toISOString()} is earlier than the last sweep (${last.at.toISOString()}, by ${by}): ` +
    'the work due by then was swept at it, so this run finds only what that sweep left (a failure, a busy payment), ' +
    'and the last sweep recorded goes back. Time does not run backwards for the memberships; running anyway.'
  )
}

/** One item of `lifecycle.preview`: a membership with work due, and what it would send or charge. */
export interface PreviewItem {
  id: number
  kind: 'renew' | 'expire' | 'notice' | 'card_expiry' | 'annual_reminder'
  email: string
  at: Date
  amountCents: number | null
  note: string
}

/**
 * What each item would do by `now`: a renewal (or retry) due by then with an amount is charged;
 * one dated later waits (held until its notice has run; the note says whether the notice goes out
 * now); a notice is mailed (a monthly one only when the price changed); an end ends the cover; a
 * reminder (the card expiring before the renewal, the yearly one to monthly members) is mailed.
 */
const actionOf = (item: PreviewItem, now: Date) => {
  if (item.kind === 'expire') return 'end'
  if (item.kind === 'notice') return 'notice'
  if (item.kind === 'card_expiry' || item.kind === 'annual_reminder') return 'mail'
  return item.amountCents !== null && item.at.getTime() <= now.getTime() ? 'charge' : 'wait'
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The dry run's text: one line per item (action, membership, member, amount, date, what happens), then the total to be charged. */
export function formatPreview(items: readonly PreviewItem[], now: Date): string {
  const head = `Dry run: the memberships’ work due by ${now.toISOString()}. Nothing is changed, sent or charged.`
  const rows = items.map((item) => [
    actionOf(item, now),
    `#${item.id}`,
    item.email,
    item.amountCents === null ? '-' : dollars(item.amountCents),
    item.at.toISOString(),
    item.note,
  ])
  const widths = rows.reduce<number[]>(
    (max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)),
    [],
  )
  const lines = rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
  const charged = items.filter((item) => actionOf(item, now) === 'charge')
  const total = charged.reduce((sum, item) => sum + (item.amountCents ?? 0), 0)
  return [
    head,
    ...(lines.length > 0 ? lines : ['Nothing is due.']),
    `To be charged by then: ${dollars(total)} in ${plural(charged.length, 'charge')}.`,
  ].join('\n')
}

/** `npm run jobs -- --dry-run`: what a run at `now` would do, read and printed, changing nothing. */
export async function dryRun(deps: LifecycleDeps, now: Date): Promise<string> {
  return formatPreview([...(await lifecycle.preview(deps, now)), ...(await reminders.preview(deps, now))], now)
}
