import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from './database.ts'

const settingRow = z.object({ key: z.string(), value: z.string() })
const valueOnly = z.pick(settingRow, { value: true })

/** Keeps `candidate` as the signing secret unless one is kept already (the first process to start wins). */
export async function offerSecret(db: Queryable, candidate: string): Promise<void> {
  await db.query("INSERT INTO settings (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING", [candidate])
}

export const keptSecret = (db: Queryable) => maybeOne(db, valueOnly, "SELECT value FROM settings WHERE key = 'secret'")

/** Writes a setting, over the value there if any. */
export async function putSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [key, value],
  )
}

export const settingOf = (db: Queryable, key: string) =>
  maybeOne(db, valueOnly, 'SELECT value FROM settings WHERE key = $1', [key])
