import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { defaultTenant } from '../../test-harness.ts'
import { many } from './database.ts'
import { blankPglite } from './test-databases.ts'
import { migrate, MIGRATIONS_DIR } from './migrate.ts'

describe('migration 020 (directory reports and replies)', () => {
  it('maps the reports of a database in use onto open, verified and not confirmed, and refuses any other status', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'))
    const db = await blankPglite()
    try {
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '020'))
        cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file))
      await migrate(db, before)
      const groupKey = defaultTenant.groupKey
      await db.query('INSERT INTO tenants (group_key, name) VALUES ($1, $2)', [groupKey, 'Tenant'])
      await db.query(
        "INSERT INTO offices (id, group_key, name, address_line, city, state, zip, latitude, longitude, phone, hours) VALUES (1, $1, 'Office', '1 Main St', 'City', 'CA', '90210', 34, -118, '3105550110', '[]')",
        [groupKey],
      )
      for (const status of ['received', 'investigating', 'corrected', 'unchanged'])
        await db.query(
          "INSERT INTO directory_reports (group_key, reference, office_id, field, details, email, status, correct_by) VALUES ($1, $2, 1, 'name', 'Wrong name.', 'a@example.com', $3, now())",
          [groupKey, `DIR-${status}`, status],
        )
      expect(await migrate(db)).toEqual(readdirSync(MIGRATIONS_DIR).filter((name) => name >= '020'))
      const statuses = await many(
        db,
        z.object({ reference: z.string(), status: z.string() }),
        'SELECT reference, status FROM directory_reports ORDER BY id',
      )
      expect(statuses).toEqual([
        { reference: 'DIR-received', status: 'open' },
        { reference: 'DIR-investigating', status: 'open' },
        { reference: 'DIR-corrected', status: 'verified' },
        { reference: 'DIR-unchanged', status: 'not-confirmed' },
      ])
      await expect(db.query("UPDATE directory_reports SET status = 'received'")).rejects.toThrow(/check constraint/)
      await db.query(
        "INSERT INTO directory_reports (group_key, reference, office_id, field, details, email, correct_by) VALUES ($1, 'DIR-new', 1, 'name', 'Wrong name.', 'a@example.com', now())",
        [groupKey],
      )
      expect(
        await many(
          db,
          z.object({ status: z.string() }),
          "SELECT status FROM directory_reports WHERE reference = 'DIR-new'",
        ),
      ).toEqual([{ status: 'open' }])
    } finally {
      await db.close()
      rmSync(before, { recursive: true, force: true })
    }
  }, 60_000)
})
