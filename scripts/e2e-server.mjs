// A server for the end-to-end tests, on a fresh embedded database of its own
// (.e2e-data/{name}), seeded with the demo data. Usage: node scripts/e2e-server.mjs NAME
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const name = process.argv[2] ?? 'main'
const dir = `.e2e-data/${name}`
rmSync(dir, { recursive: true, force: true })
await fromInitdbCopy(dir)
process.env.DATA_DIR = dir
// Hashing at the production cost makes every sign-in take a quarter of a second; tests use less.
process.env.PASSWORD_HASH_COST ??= '12'
process.env.NODE_ENV ??= 'production'
// The tests read the sandbox mail server's inbox (reset links, confirmations).
process.env.EXPOSE_OUTBOX ??= 'true'
// The demo data's dates are fixed (the demo member renews on 5 December 2026): with the jobs on, a
// run after that date would renew it at start and change what the tests read. The memberships'
// jobs are tested by server/jobs/lifecycle.test.ts, which sets its own time.
process.env.JOBS ??= 'off'
// Every browser test comes from one address (loopback), and a run starts more checkouts than the
// production limit of 20 an hour from one address allows; the order of the tests decided whether a
// late one was refused. The throttle itself is tested in server/api/rate-limits.test.ts.
process.env.RATE_LIMIT_CHECKOUT_ACCOUNT ??= '500/1h'
await import('../dist/server/main.js')

/**
 * The data folder starts as a copy of one PGlite's initdb made once (kept in .e2e-data for the
 * next runs): the server then migrates and seeds it as any new folder. initdb in a folder took
 * 9 of the 13.5 s a server took to answer, and the servers start together on two cores. The first
 * of them makes it; the others wait for it, or make their own folder as before after two minutes.
 */
async function fromInitdbCopy(target) {
  const pglite = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version
  const template = `.e2e-data/.initdb-pglite-${pglite}`
  mkdirSync('.e2e-data', { recursive: true })
  for (const started = Date.now(); !existsSync(template); await sleep(250)) {
    if (Date.now() - started > 120_000) return // the server runs initdb itself
    try {
      mkdirSync(`${template}.lock`)
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      // A lock left by a run stopped while it made the folder (initdb takes seconds, not minutes).
      if (Date.now() - statSync(`${template}.lock`, { throwIfNoEntry: false })?.mtimeMs > 90_000)
        rmSync(`${template}.lock`, { recursive: true, force: true })
      continue
    }
    try {
      const partial = `${template}.${process.pid}`
      rmSync(partial, { recursive: true, force: true })
      initdb(partial)
      renameSync(partial, template)
    } finally {
      rmSync(`${template}.lock`, { recursive: true, force: true })
    }
  }
  cpSync(template, target, { recursive: true })
}

/**
 * initdb as server/db/database.ts runs it (in a child process: it peaks at about 700 MB), with its
 * settings (initDbStartParams): the server gives its start settings at every start.
 */
function initdb(folder) {
  const settings = ['-c', 'shared_buffers=16MB']
  const script = `const { PGlite } = await import('@electric-sql/pglite')
const settings = ${JSON.stringify(settings)}
const db = new PGlite({ dataDir: ${JSON.stringify(folder)}, initDbStartParams: settings, startParams: [...PGlite.defaultStartParams, ...settings] })
await db.waitReady
await db.close()`
  execFileSync(process.execPath, ['--input-type=module', '--eval', script], { stdio: 'inherit' })
}
