import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from '#schemas/engine/zod.ts'
import { describe, expect, it } from 'vitest'
import { createServerDeps } from '../../bootstrap.ts'
import { readEnv } from '../../env.ts'
import { createLogger } from '../logger.ts'
import { tenants } from '#site-config/tenants.ts'
import { many, openPglite } from './database.ts'
import { migrate } from './migrate.ts'
import { pgliteTestImage } from './test-databases.ts'

const COUNTS = `SELECT 'tenants' AS t, count(*)::int AS n FROM tenants UNION ALL SELECT 'users', count(*)::int FROM users
  UNION ALL SELECT 'offices', count(*)::int FROM offices UNION ALL SELECT 'providers', count(*)::int FROM providers
  UNION ALL SELECT 'plans', count(*)::int FROM plans UNION ALL SELECT 'coupons', count(*)::int FROM coupons
  UNION ALL SELECT 'dependents', count(*)::int FROM dependents UNION ALL SELECT 'receipts', count(*)::int FROM receipts
  UNION ALL SELECT 'content_versions', count(*)::int FROM content_versions UNION ALL SELECT 'settings', count(*)::int FROM settings`

describe('the embedded database on disk', () => {
  it('seeds a fresh data folder on first start, and after a restart every row is still there (and nothing is seeded twice)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dental-data-'))
    try {
      const env = readEnv({ DATA_DIR: dir, PASSWORD_HASH_COST: '12', LOG_LEVEL: 'silent' })
      const first = await createServerDeps(env, createLogger('silent'))
      await first.db.query(
        "INSERT INTO contact_messages (group_key, name, email, topic, message) VALUES ($1, 'A', 'a@b.c', 'other', 'kept across restarts')",
        [tenants.defaultTenant],
      )
      const before = await many(first.db, z.object({ t: z.string(), n: z.number() }), COUNTS)
      await first.db.close()

      const second = await createServerDeps(env, createLogger('silent'))
      const after = await many(second.db, z.object({ t: z.string(), n: z.number() }), COUNTS)
      expect(after).toEqual(before)
      expect(before.find((row) => row.t === 'users')!.n).toBe(5)
      const kept = await many(second.db, z.object({ message: z.string() }), 'SELECT message FROM contact_messages')
      expect(kept).toEqual([{ message: 'kept across restarts' }])
      await second.db.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('a new folder given an image starts as that image (the tests’ migrated dump): nothing left to migrate, and it is kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dental-image-'))
    try {
      const migrations = readdirSync(path.join(import.meta.dirname, 'migrations')).filter((file) =>
        file.endsWith('.sql'),
      )
      const first = await openPglite(dir, { image: pgliteTestImage('migrated') })
      expect(await migrate(first)).toEqual([])
      await first.close()
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true)
      const again = await openPglite(dir)
      const applied = await many(
        again,
        z.object({ name: z.string() }),
        'SELECT name FROM schema_migrations ORDER BY name',
      )
      expect(applied.map((row) => row.name)).toEqual(migrations.sort())
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
