// `npm run jobs`: the memberships' timed work in a process of its own (servers run with JOBS=off),
// one worker for any number of servers on one PostgreSQL. `npm run jobs -- --now <ISO time>` runs
// everything due by that time, once, and exits: to catch up, or to move time in a test.
// `npm run jobs -- --dry-run [--now <ISO time>]` prints what is due by then (the server's clock
// without --now), what would be sent and what charged, and changes nothing.
import { tenants } from '#site-config/tenants.ts'
import { createServerDeps, embeddedDataDir } from './bootstrap.ts'
import { holdForTool } from './platform/db/holder.ts'
import { readEnvOrExit } from './env.ts'
import { createLogger } from './platform/logger.ts'
import { backwardsWarning, dryRun, heldRefusal, HOLDER_ROLES } from './features/members/index.ts'
import { runDue, startWorkers } from './features/registry.ts'
import { lastSweep } from './platform/jobs/status.ts'

const args = process.argv.slice(2)
const nowIndex = args.indexOf('--now')
const nowText = nowIndex >= 0 ? args[nowIndex + 1] : undefined
const dry = args.includes('--dry-run')
if (nowIndex >= 0 && (!nowText || Number.isNaN(Date.parse(nowText)))) {
  console.error('--now takes a date and time, such as --now 2027-01-05T09:00:00Z')
  process.exit(2)
}
const env = readEnvOrExit()
const logger = createLogger(env.LOG_LEVEL)
holdForTool(embeddedDataDir(env), dry ? HOLDER_ROLES.dryRun : HOLDER_ROLES.jobs, {
  runsJobs: !dry,
  refusal: (holder) => heldRefusal(holder, env.DATA_DIR),
})
const deps = await createServerDeps(env, logger)
const jobsDeps = { ...deps, tenants }

if (dry) {
  const now = nowText ? new Date(nowText) : deps.now()
  const text = await dryRun(jobsDeps, now)
  await deps.db.close()
  console.log(text)
  process.exit(0)
} else if (nowText) {
  const now = new Date(nowText)
  const warning = backwardsWarning(now, await lastSweep(deps.db))
  if (warning) console.error(`Warning: ${warning}`)
  const summary = await runDue(jobsDeps, now)
  await deps.db.close()
  const done = Object.entries(summary.done)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ')
  console.log(
    `Ran the work due by ${now.toISOString()} in ${summary.rounds} round${summary.rounds === 1 ? '' : 's'}: ${done || 'nothing was due'}.`,
  )
  for (const failure of summary.failed) console.error(`Failed: ${failure.queue} #${failure.id}: ${failure.error}`)
  for (const held of summary.busy)
    console.error(`Not done: ${held.queue} #${held.id}: another worker holds its payment; run again to complete it.`)
  process.exit(summary.failed.length > 0 || summary.busy.length > 0 ? 1 : 0)
} else {
  const workers = await startWorkers(jobsDeps)
  logger.info({ database: deps.db.kind }, 'Running the memberships’ jobs; Ctrl-C to stop')
  const stop = () => {
    void workers
      .stop()
      .then(() => deps.db.close())
      .finally(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
