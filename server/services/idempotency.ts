import { z } from '#schemas/zod.ts'
import { maybeOne, type Database } from '../db/database.ts'
import { HttpError } from '../api/endpoint.ts'

/**
 * Runs a payment once per idempotency key: the first request claims the key, later requests
 * with the same key get the first one's answer (or 409 while it is still running). A failed
 * attempt releases the key, so the visitor can try again.
 */
export async function once<T>(db: Database, scope: { groupKey: string; name: string }, key: string, schema: z.ZodMiniType<T>, work: () => Promise<T>): Promise<T> {
  const claimed = await db.query(
    "INSERT INTO payments (idempotency_key, group_key, scope, response) VALUES ($1, $2, $3, '{\"pending\":true}'::jsonb) ON CONFLICT DO NOTHING RETURNING idempotency_key",
    [key, scope.groupKey, scope.name],
  )
  if (claimed.length === 0) {
    const row = await maybeOne(db, z.object({ response: z.unknown() }), 'SELECT response FROM payments WHERE group_key = $1 AND scope = $2 AND idempotency_key = $3', [scope.groupKey, scope.name, key])
    const done = schema.safeParse(row?.response)
    if (done.success) return done.data
    throw new HttpError(409, 'This payment is already being processed. Wait a moment and reload.')
  }
  try {
    const result = await work()
    await db.query('UPDATE payments SET response = $4 WHERE group_key = $1 AND scope = $2 AND idempotency_key = $3', [scope.groupKey, scope.name, key, z.record(z.string(), z.unknown()).parse(result)])
    return result
  } catch (error) {
    await db.query('DELETE FROM payments WHERE group_key = $1 AND scope = $2 AND idempotency_key = $3', [scope.groupKey, scope.name, key])
    throw error
  }
}
