import type { Queryable } from '../db/database.ts'

/** Whether an account of the tenant uses the email address (another than `exceptUserId`'s, when given). */
export async function emailInUse(
  db: Queryable,
  groupKey: string,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT id FROM users WHERE group_key = $1 AND email = $2 AND ($3::integer IS NULL OR id <> $3)',
    [groupKey, email, exceptUserId ?? null],
  )
  return rows.length > 0
}
