import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { tenants } from '#site-config/tenants.ts'
import { one, openPglite } from '../../platform/db/database.ts'
import { pgliteTestImage } from '../../platform/db/test-databases.ts'
import type { Holder } from '../../platform/db/holder.ts'
import { members } from './members.ts'
import { runSource } from '../../../tests/run-source.ts'
import { accountId, defaultTenant, TEST_EPOCH, useTestServer } from '../../test-harness.ts'
import {
  backwardsWarning,
  dryRun,
  formatPreview,
  heldRefusal,
  HOLDER_ROLES,
  unattendedJobsWarning,
  type PreviewItem,
} from './operator.ts'
import { lastSweep } from '../../platform/jobs/status.ts'

const NOW = new Date('2026-12-05T06:00:00Z')
const holder = (role: string, runsJobs?: boolean): Holder => ({
  pid: 4242,
  role,
  since: '2026-12-01T00:00:00.000Z',
  ...(runsJobs === undefined ? {} : { runsJobs }),
})

describe('the dry run’s text', () => {
  it('one line per membership, what it would do, and the total charged by then (not the amounts only told or held)', () => {
    const items: PreviewItem[] = [
      {
        id: 1,
        kind: 'renew',
        email: 'member@demo.test',
        at: new Date('2026-12-05T00:00:00Z'),
        amountCents: 8985,
        note: 'renewal charge',
      },
      {
        id: 22,
        kind: 'renew',
        email: 'late@demo.test',
        at: new Date('2026-12-04T00:00:00Z'),
        amountCents: 1495,
        note: 'retry 2 of 4',
      },
      {
        id: 3,
        kind: 'renew',
        email: 'annual@demo.test',
        at: new Date('2026-12-20T00:00:00Z'),
        amountCents: 39900,
        note: 'no renewal notice inside the lawful window: the notice goes out now, the charge waits until this day',
      },
      {
        id: 4,
        kind: 'notice',
        email: 'told@demo.test',
        at: new Date('2027-01-04T00:00:00Z'),
        amountCents: 42900,
        note: 'annual renewal notice: mailed with this amount and day',
      },
      {
        id: 5,
        kind: 'expire',
        email: 'ending@demo.test',
        at: new Date('2026-12-05T00:00:00Z'),
        amountCents: null,
        note: 'ends: cover stops, a mail says so',
      },
    ]
    expect(formatPreview(items, NOW).split('\n')).toEqual([
      'Dry run: the memberships’ work due by 2026-12-05T06:00:00.000Z. Nothing is changed, sent or charged.',
      'charge  #1   member@demo.test  $89.85   2026-12-05T00:00:00.000Z  renewal charge',
      'charge  #22  late@demo.test    $14.95   2026-12-04T00:00:00.000Z  retry 2 of 4',
      'wait    #3   annual@demo.test  $399.00  2026-12-20T00:00:00.000Z  no renewal notice inside the lawful window: the notice goes out now, the charge waits until this day',
      'notice  #4   told@demo.test    $429.00  2027-01-04T00:00:00.000Z  annual renewal notice: mailed with this amount and day',
      'end     #5   ending@demo.test  -        2026-12-05T00:00:00.000Z  ends: cover stops, a mail says so',
      'To be charged by then: $104.80 in 2 charges.',
    ])
    expect(formatPreview([], NOW).split('\n').slice(1)).toEqual([
      'Nothing is due.',
      'To be charged by then: $0.00 in 0 charges.',
    ])
  })
})

describe('the dry run on a database', () => {
  const server = useTestServer('pglite')

  it('lists the demo member’s renewal on its day with its price, and changes nothing: no charge, receipt, event, mail or sweep', async () => {
    const { db } = server.deps
    const memberId = await accountId(db)
    const books = () =>
      one(
        db,
        z.object({ receipts: z.number(), events: z.number(), mails: z.number(), renewals: z.number() }),
        `SELECT (SELECT count(*)::int FROM receipts) AS receipts, (SELECT count(*)::int FROM membership_events) AS events,
                (SELECT count(*)::int FROM outbox) AS mails, (SELECT count(*)::int FROM renewals) AS renewals`,
      )
    const before = {
      books: await books(),
      membership: await members.subscription(db, defaultTenant.groupKey, memberId),
    }
    const price = before.membership!.priceCents

    const text = await dryRun({ ...server.deps, tenants }, NOW)

    const money = `$${(price / 100).toFixed(2)}`
    expect(text).toMatch(
      new RegExp(
        `^charge +#${before.membership!.id} +member@demo\\.test +\\${money} +2026-12-05T00:00:00\\.000Z +renewal charge$`,
        'm',
      ),
    )
    expect(text.split('\n').at(-1)).toBe(`To be charged by then: ${money} in 1 charge.`)
    expect(await books()).toEqual(before.books)
    expect(await members.subscription(db, defaultTenant.groupKey, memberId)).toEqual(before.membership)
    expect(await lastSweep(db)).toBeUndefined()
  })
})

describe('what the jobs say to an operator', () => {
  it('a server on the embedded database with JOBS=off warns that nothing will run the jobs, and what to do', () => {
    const warning = unattendedJobsWarning({ embedded: true, jobs: 'off' })
    expect(warning).toMatch(/^JOBS=off on the embedded database: nothing will run the memberships’ jobs/)
    expect(warning).toContain('`npm run jobs` cannot open the embedded database beside it')
    expect(warning).toContain('JOBS=on')
    expect(warning).toContain('DATABASE_URL')
    expect(warning).toContain('npm run jobs -- --now <ISO time>')
    // Something can run them: the server itself, or `npm run jobs` beside it on PostgreSQL.
    expect(unattendedJobsWarning({ embedded: true, jobs: 'on' })).toBeUndefined()
    expect(unattendedJobsWarning({ embedded: false, jobs: 'off' })).toBeUndefined()
  })

  it('`npm run jobs`, refused, says what is true of the process holding the database', () => {
    const server = { on: holder(HOLDER_ROLES.server, true), off: holder(HOLDER_ROLES.server, false) }
    expect(heldRefusal(server.on, '.data')).toMatch(
      /^The embedded database in \.data is held by a server \(pid 4242\), and only one process may open it\. That server runs the memberships’ jobs itself \(JOBS=on\)/,
    )
    const off = heldRefusal(server.off, '.data')
    expect(off).toContain('That server was started with JOBS=off: nothing runs the memberships’ jobs')
    expect(off).not.toMatch(/runs the memberships’ jobs itself|JOBS=on\)/)
    expect(off).toContain('npm run jobs -- --now <ISO time>')
    expect(heldRefusal(holder(HOLDER_ROLES.jobs, true), '.data')).toContain(
      'held by npm run jobs (pid 4242), and only one process may open it. It is running the memberships’ jobs',
    )
    expect(heldRefusal(holder(HOLDER_ROLES.dryRun, false), '.data')).toContain('It runs no jobs and ends soon')
    // A holder file written before it said: no claim either way.
    const unknown = heldRefusal(holder(HOLDER_ROLES.server), '.data')
    expect(unknown).not.toMatch(/JOBS=|runs the memberships’ jobs/)
    expect(unknown).toContain('Stop it to run the jobs here')
  })

  it('--now earlier than the last sweep is warned of; at or after it, not', () => {
    const last = { at: new Date('2026-12-05T06:00:00Z'), by: 'sweep' as const }
    expect(backwardsWarning(new Date('2026-12-01T00:00:00Z'), last)).toMatch(
      /^--now 2026-12-01T00:00:00\.000Z is earlier than the last sweep \(2026-12-05T06:00:00\.000Z, by the every-minute sweep\)/,
    )
    expect(backwardsWarning(new Date('2026-12-01T00:00:00Z'), { ...last, by: 'run' })).toContain(
      'by npm run jobs -- --now',
    )
    expect(backwardsWarning(new Date('2026-12-05T06:00:00Z'), last)).toBeUndefined()
    expect(backwardsWarning(new Date('2027-01-05T06:00:00Z'), last)).toBeUndefined()
    expect(backwardsWarning(new Date('2026-12-01T00:00:00Z'), undefined)).toBeUndefined()
  })
})

/** `npm run jobs` from the sources, as a process of its own, on the embedded database in `dataDir`. */
const npmRunJobs = (dataDir: string, args: string[]) =>
  runSource('server/jobs-cli.ts', args, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    DATA_DIR: dataDir,
    // Seeded on the tests' day: the demo membership renews on 5 December 2026 (server/seed.ts).
    SANDBOX_CLOCK: TEST_EPOCH.toISOString(),
  })

describe('`npm run jobs` against an embedded database a server holds', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jobs-held-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  /** Refused: this test process holds the folder, as `held` says. */
  const refusal = async (held: Holder, args: string[] = []) => {
    writeFileSync(path.join(dataDir, 'holder.json'), JSON.stringify({ ...held, pid: process.pid }))
    return npmRunJobs(dataDir, args)
  }

  it('a server started with JOBS=off: it says nothing runs the jobs, not that the server runs them', async () => {
    const { code, stderr } = await refusal(holder(HOLDER_ROLES.server, false), ['--dry-run'])
    expect(code).toBe(1)
    expect(stderr).toContain('That server was started with JOBS=off: nothing runs the memberships’ jobs')
    expect(stderr).not.toContain('runs the jobs itself')
  }, 60_000)

  it('a server with JOBS=on: it says the server runs them', async () => {
    const { code, stderr } = await refusal(holder(HOLDER_ROLES.server, true))
    expect(code).toBe(1)
    expect(stderr).toContain('That server runs the memberships’ jobs itself (JOBS=on)')
  }, 60_000)
})

describe('`npm run jobs` on an embedded database of its own', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jobs-own-'))
  // The folder starts as the run's migrated database, as the test servers do (no initdb, no
  // migration: 9 s of this test); the first `npm run jobs` seeds it.
  beforeAll(async () => {
    await (await openPglite(dataDir, { image: pgliteTestImage('migrated') })).close()
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('--dry-run lists what --now then runs; a --now earlier than that run is warned of on stderr, and still runs', async () => {
    const dry = await npmRunJobs(dataDir, ['--dry-run', '--now', '2026-12-05T06:00:00Z'])
    expect(dry, dry.stderr).toMatchObject({ code: 0, stderr: '' })
    expect(dry.stdout).toMatch(
      /^charge +#\d+ +member@demo\.test +\$\d+\.\d\d +2026-12-05T00:00:00\.000Z +renewal charge$/m,
    )
    expect(dry.stdout).toMatch(/^To be charged by then: \$\d+\.\d\d in 1 charge\.$/m)

    const run = await npmRunJobs(dataDir, ['--now', '2026-12-05T06:00:00Z'])
    expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('1 renewed')
    // Renewed: the dry run has nothing left by then.
    expect((await npmRunJobs(dataDir, ['--dry-run', '--now', '2026-12-05T06:00:00Z'])).stdout).toContain(
      'Nothing is due.',
    )

    const back = await npmRunJobs(dataDir, ['--now', '2026-12-01T00:00:00Z'])
    expect(back.code).toBe(0)
    expect(back.stderr).toContain(
      'Warning: --now 2026-12-01T00:00:00.000Z is earlier than the last sweep (2026-12-05T06:00:00.000Z, by npm run jobs -- --now)',
    )
    expect(back.stdout).toContain('Ran the work due by 2026-12-01T00:00:00.000Z')
  }, 120_000)
})
