import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database } from './platform/db/database.ts'
import { blankPglite } from './platform/db/test-databases.ts'
import { migrate, MIGRATIONS_DIR } from './platform/db/migrate.ts'
import { createHealth, type Health } from './health.ts'
import { openQueue } from './platform/jobs/queue.ts'
import { recordSweep } from './platform/jobs/status.ts'
import { QUEUES } from './features/members/index.ts'
import { createLogger } from './platform/logger.ts'

async function serve(health: Health): Promise<{
  get: (path: string) => Promise<{ status: number; body: unknown; headers?: Headers }>
  close: () => Promise<void>
}> {
  const server: Server = createServer((req, res) => {
    if (!health.answer(req, res)) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    get: async (where) => {
      const response = await fetch(`http://127.0.0.1:${port}${where}`)
      const body: unknown = await response.json().catch(() => undefined)
      // Not enumerable: the tests compare status and body whole.
      return Object.defineProperty({ status: response.status, body }, 'headers', { value: response.headers })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('health and readiness', () => {
  let db: Database
  const newer = mkdtempSync(path.join(tmpdir(), 'migrations-'))
  beforeAll(async () => {
    db = await blankPglite()
    await migrate(db)
    // A build that knows one migration more than the database has.
    for (const file of readdirSync(MIGRATIONS_DIR))
      copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(newer, file))
    writeFileSync(path.join(newer, '999_later.sql'), 'SELECT 1;')
  }, 60_000)
  afterAll(async () => {
    rmSync(newer, { recursive: true, force: true })
    await db.close()
  })

  it('is ready when the database answers and every migration is applied; /healthz answers; other paths are the app’s', async () => {
    const http = await serve(createHealth(db))
    expect(await http.get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
    expect(await http.get('/readyz?probe=1')).toEqual({
      status: 200,
      body: {
        status: 'ready',
        database: 'up',
        pendingMigrations: [],
        shuttingDown: false,
        // No process has run the jobs on this database: no sweep, and no pg-boss tables (JOBS=off on a fresh database).
        jobs: { lastSweep: null, oldestWaiting: null },
      },
    })
    expect((await http.get('/readyzz')).status).toBe(404)
    await http.close()
  })

  it('answers a burst of probes with one check of the database a second; both answers say nosniff', async () => {
    let queries = 0
    const counted = new Proxy(db, {
      get: (target, key) =>
        key === 'query'
          ? (...args: Parameters<Database['query']>) => {
              queries += 1
              return target.query(...args)
            }
          : (Reflect.get(target, key) as unknown),
    })
    let clock = 0
    const http = await serve(createHealth(counted, MIGRATIONS_DIR, () => clock))
    const first = await http.get('/readyz')
    expect(first.status).toBe(200)
    const oneCheck = queries
    expect(oneCheck).toBeGreaterThan(0)
    const burst = await Promise.all(Array.from({ length: 20 }, () => http.get('/readyz')))
    expect(burst.map(({ status }) => status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(queries).toBe(oneCheck)
    clock += 1_000
    await http.get('/readyz')
    expect(queries).toBe(2 * oneCheck)
    for (const path of ['/readyz', '/healthz'])
      expect((await http.get(path)).headers?.get('x-content-type-options'), path).toBe('nosniff')
    await http.close()
  })

  it('says the database is down at the first check after it stops answering: a reused check is at most a second old', async () => {
    let down = false
    const failing = new Proxy(db, {
      get: (target, key) =>
        key === 'query'
          ? (...args: Parameters<Database['query']>) =>
              down ? Promise.reject(new Error('connection refused')) : target.query(...args)
          : (Reflect.get(target, key) as unknown),
    })
    let clock = 0
    const http = await serve(createHealth(failing, MIGRATIONS_DIR, () => clock))
    expect((await http.get('/readyz')).status).toBe(200)
    down = true
    clock += 1_000
    expect(await http.get('/readyz')).toMatchObject({ status: 503, body: { status: 'not ready', database: 'down' } })
    down = false
    clock += 1_000
    expect(await http.get('/readyz')).toMatchObject({ status: 200, body: { database: 'up' } })
    await http.close()
  })

  it('is not ready while a migration of this build is not applied, nor once it is shutting down', async () => {
    const http = await serve(createHealth(db, newer))
    expect(await http.get('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        database: 'up',
        pendingMigrations: ['999_later.sql'],
        shuttingDown: false,
        jobs: { lastSweep: null, oldestWaiting: null },
      },
    })
    await http.close()
    const health = createHealth(db)
    const draining = await serve(health)
    health.draining()
    expect(await draining.get('/readyz')).toMatchObject({ status: 503, body: { shuttingDown: true } })
    expect((await draining.get('/healthz')).status).toBe(200)
    await draining.close()
  })

  it('reports the last sweep and the oldest membership job waiting, and stays ready however far behind they are', async () => {
    await recordSweep(db, new Date('2026-12-05T06:00:00Z'), 'run')
    const boss = await openQueue(
      { db, logger: createLogger('silent') },
      { schedule: false, queues: Object.values(QUEUES) },
    )
    try {
      const before = Date.now()
      await boss.send(QUEUES.renew, { id: 1, asOf: '2026-12-05T06:00:00.000Z' })
      await boss.send(QUEUES.notice, { id: 2, asOf: '2026-12-05T06:00:00.000Z' })
      // Another queue's job is not the memberships'.
      await boss.createQueue('elsewhere')
      await boss.send('elsewhere', {})
      const http = await serve(createHealth(db))
      const { status, body } = await http.get('/readyz')
      await http.close()
      expect(status).toBe(200)
      expect(body).toMatchObject({
        status: 'ready',
        jobs: {
          lastSweep: { at: '2026-12-05T06:00:00.000Z', by: 'run' },
          oldestWaiting: { queue: QUEUES.renew, since: expect.any(String) as unknown, waiting: 2 },
        },
      })
      const since = Date.parse((body as { jobs: { oldestWaiting: { since: string } } }).jobs.oldestWaiting.since)
      expect(since).toBeGreaterThanOrEqual(before - 5_000)
      expect(since).toBeLessThanOrEqual(Date.now() + 5_000)
      // Taken, a job no longer waits.
      await boss.fetch(QUEUES.renew)
      const after = await serve(createHealth(db))
      expect((await after.get('/readyz')).body).toMatchObject({
        jobs: { oldestWaiting: { queue: QUEUES.notice, waiting: 1 } },
      })
      await after.close()
    } finally {
      await boss.stop({ graceful: false, wait: true, close: false })
    }
  }, 60_000)
})
