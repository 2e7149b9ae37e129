import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { defaultTenant } from '../../test-harness.ts'
import { many } from './database.ts'
import { blankPglite } from './test-databases.ts'
import { migrate, MIGRATIONS_DIR, splitStatements } from './migrate.ts'

describe('migration 016 (the staff)', () => {
  it('makes the content managers of a database in use staff with the role content, and members nothing', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'))
    const db = await blankPglite()
    try {
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '016'))
        cpSync(path.join(MIGRATIONS_DIR, file), path.join(before, file))
      await migrate(db, before)
      await db.query('INSERT INTO tenants (group_key, name) VALUES ($1, $2)', [defaultTenant.groupKey, 'Tenant'])
      for (const [email, role] of [
        ['editor@example.com', 'editor'],
        ['member@example.com', 'member'],
      ] as const)
        await db.query(
          "INSERT INTO users (group_key, email, password_hash, role, first_name, last_name) VALUES ($1, $2, 'x', $3, 'A', 'B')",
          [defaultTenant.groupKey, email, role],
        )
      expect(await migrate(db)).toEqual(readdirSync(MIGRATIONS_DIR).filter((name) => name >= '016'))
      const roles = await many(
        db,
        z.object({ email: z.string(), role: z.string() }),
        'SELECT u.email, s.role FROM staff_roles s JOIN users u ON u.id = s.user_id',
      )
      expect(roles).toEqual([{ email: 'editor@example.com', role: 'content' }])
    } finally {
      await db.close()
      rmSync(before, { recursive: true, force: true })
    }
  }, 60_000)

  it('keeps a plpgsql body whole when it splits a migration into statements', () => {
    expect(
      splitStatements(
        "CREATE TABLE a (x int);\n-- a comment; with a semicolon\nCREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no';\nEND;\n$$;\nCREATE TRIGGER t BEFORE DELETE ON a EXECUTE FUNCTION f()",
      ),
    ).toEqual([
      'CREATE TABLE a (x int)',
      "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no';\nEND;\n$$",
      'CREATE TRIGGER t BEFORE DELETE ON a EXECUTE FUNCTION f()',
    ])
  })
})
