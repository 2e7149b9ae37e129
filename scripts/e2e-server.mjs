// A server for the end-to-end tests, on a fresh embedded database of its own
// (.e2e-data/{name}), seeded with the demo data. Usage: node scripts/e2e-server.mjs NAME
import { rmSync } from 'node:fs'
import { fromInitdbCopy } from './initdb-copy.mjs'

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
// jobs are tested by server/features/members/lifecycle.test.ts, which sets its own time.
process.env.JOBS ??= 'off'
// Every browser test comes from one address (loopback), and a run starts more checkouts than the
// production limit of 20 an hour from one address allows; the order of the tests decided whether a
// late one was refused. The throttle itself is tested in server/platform/rate-limits.test.ts.
process.env.RATE_LIMIT_CHECKOUT_ACCOUNT ??= '500/1h'
await import('../dist/server/main.js')
