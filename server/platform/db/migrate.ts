import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../paths.ts'
import type { Database } from './database.ts'
import { appliedMigrations, createMigrationsTable, recordMigration } from './migration-store.ts'

/** The migrations folder (the SQL files are read at run time, also by the built server). */
export const MIGRATIONS_DIR = path.join(projectRoot, 'server/platform/db/migrations')

/**
 * Applies every migration not applied yet, in file-name order, each in its own transaction.
 * The same SQL runs on PGlite and on PostgreSQL. Returns the names it applied.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await createMigrationsTable(db)
  const done = new Set(await appliedMigrations(db))
  const pending = readdirSync(dir)
    .filter((file) => file.endsWith('.sql') && !done.has(file))
    .sort()
  for (const file of pending) {
    const sql = readFileSync(path.join(dir, file), 'utf8')
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement)
      await recordMigration(tx, file)
    })
  }
  return pending
}

/**
 * Splits a migration into statements at its semicolons, except inside a `$$`-quoted body (a
 * plpgsql function's); ours hold no semicolons inside strings.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  const text = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
  for (const [index, part] of text.split('$$').entries()) {
    if (index % 2 === 1) {
      current += `$$${part}$$`
      continue
    }
    const [first = '', ...rest] = part.split(';')
    current += first
    for (const piece of rest) {
      statements.push(current)
      current = piece
    }
  }
  statements.push(current)
  return statements.map((statement) => statement.trim()).filter(Boolean)
}
