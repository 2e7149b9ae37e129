import { z } from '#schemas/engine/zod.ts'
import { many, type Queryable } from './database.ts'

const migrationRow = z.object({ name: z.string() })

/** The table of applied migrations, made by the first run (it is in no migration itself). */
export async function createMigrationsTable(db: Queryable): Promise<void> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
}

/** The file names of the migrations applied. */
export const appliedMigrations = async (db: Queryable): Promise<string[]> =>
  (await many(db, migrationRow, 'SELECT name FROM schema_migrations')).map((row) => row.name)

export async function recordMigration(tx: Queryable, name: string): Promise<void> {
  await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
}
