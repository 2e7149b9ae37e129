import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openPostgres } from './database.ts'

const url = process.env.TEST_DATABASE_URL

describe.runIf(url)('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection (a restart, an administrator): no crash, the next query works', async () => {
    const db = openPostgres(url!)
    const [{ pid }] = (await db.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }]
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('SELECT pg_terminate_backend($1)', [pid])
    await admin.end()
    // Let the ended connection's error arrive while it is idle in the pool.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    await db.close()
  })
})
