import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { defaultTenant } from '../../test-harness.ts'
import { many } from './database.ts'
import { blankPglite } from './test-databases.ts'
import { migrate, MIGRATIONS_DIR } from './migrate.ts'

describe('migration 021 (staff administration)', () => {
  it('leaves the accounts of a database in use active, each with the last staff sign-in its audit trail holds', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'))
    const db = await blankPglite()
    try {
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '021'))
        cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file))
      await migrate(db, before)
      await db.query('INSERT INTO tenants (group_key, name) VALUES ($1, $2)', [defaultTenant.groupKey, 'Tenant'])
      for (const email of ['staff@example.com', 'member@example.com'])
        await db.query(
          "INSERT INTO users (group_key, email, password_hash, role, first_name, last_name) VALUES ($1, $2, 'x', 'staff', 'A', 'B')",
          [defaultTenant.groupKey, email],
        )
      for (const [action, at] of [
        ['staff.sign_in', '2026-11-01T10:00:00Z'],
        ['staff.recovery_code_used', '2026-11-03T10:00:00Z'],
        ['staff.password_ok', '2026-11-05T10:00:00Z'],
      ] as const)
        await db.query(
          "INSERT INTO audit_events (group_key, at, actor_id, action) SELECT $1, $2, id, $3 FROM users WHERE email = 'staff@example.com'",
          [defaultTenant.groupKey, at, action],
        )
      expect(await migrate(db)).toEqual(readdirSync(MIGRATIONS_DIR).filter((name) => name >= '021'))
      const accounts = await many(
        db,
        z.object({
          email: z.string(),
          deactivated_at: z.nullable(z.coerce.date()),
          last_staff_sign_in_at: z.nullable(z.coerce.date()),
        }),
        'SELECT email, deactivated_at, last_staff_sign_in_at FROM users ORDER BY email',
      )
      expect(accounts).toEqual([
        { email: 'member@example.com', deactivated_at: null, last_staff_sign_in_at: null },
        // The password step alone is no sign-in.
        { email: 'staff@example.com', deactivated_at: null, last_staff_sign_in_at: new Date('2026-11-03T10:00:00Z') },
      ])
    } finally {
      await db.close()
      rmSync(before, { recursive: true, force: true })
    }
  }, 60_000)
})
