import { z } from '#schemas/zod.ts'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { one, type Queryable } from '../db/database.ts'
import { Invalid } from './errors.ts'

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

/** A new password is refused at its field with each problem found (server/auth/passwords.ts), none kept. */
export function refuseWeakPassword(problems: readonly string[]): void {
  if (problems.length)
    throw new Invalid(
      `Validation error: ${problems.join('; ')}`,
      problems.map((message) => ({ path: ['body', 'password'], message })),
    )
}

/** Opens a member's account (in the order's transaction); answers its id. */
export async function insertMember(
  tx: Queryable,
  groupKey: string,
  account: NonNullable<CheckoutState['account']> & { passwordHash: string },
): Promise<number> {
  const { id } = await one(
    tx,
    z.object({ id: z.number() }),
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone, address_line, city, state, zip, date_of_birth)
           VALUES ($1, $2, $3, 'member', $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      groupKey,
      account.email,
      account.passwordHash,
      account.firstName,
      account.lastName,
      account.phone,
      account.address.line,
      account.address.city,
      account.address.state,
      account.address.zip,
      account.dateOfBirth,
    ],
  )
  return id
}
