import { z } from '#schemas/engine/zod.ts'
import { many, maybeOne, one, type Queryable } from '../db/database.ts'

/**
 * The `users` row: one account, a member's or a staff person's. Other features read it through the
 * `people` view (migration 028), which leaves the password out.
 */
const userRow = z.object({
  id: z.number(),
  email: z.string(),
  /** The site's role: a staff account that is no content manager is `staff`. */
  role: z.enum(['member', 'editor', 'staff']),
  password_hash: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.nullable(z.string()),
  address_line: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  date_of_birth: z.nullable(z.string()),
  balance_cents: z.number(),
  email_verified: z.boolean(),
  created_at: z.coerce.date(),
  /** The site language the member reads their mail in; null: the site's default (migration 029). */
  language: z.nullable(z.string()),
})
/** An account as signing in and its password see it. */
const accountRow = z.pick(userRow, { id: true, email: true, role: true, password_hash: true, first_name: true })
/** A member's profile: the contact details they and member services change, and the balance. */
export const profileRow = z.pick(userRow, {
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  phone: true,
  address_line: true,
  city: true,
  state: true,
  zip: true,
  date_of_birth: true,
  balance_cents: true,
  language: true,
})
const idOnly = z.pick(accountRow, { id: true })
const resetRow = z.object({ user_id: z.number(), expires_at: z.coerce.date(), used_at: z.nullable(z.coerce.date()) })
const deactivated = { deactivated: z.boolean() }

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

/** The id of the tenant's account with this email address, whatever its role or state. */
export const accountIdByEmail = (db: Queryable, groupKey: string, email: string) =>
  maybeOne(db, idOnly, 'SELECT id FROM users WHERE group_key = $1 AND email = $2', [groupKey, email])

/** What a sign-in checks: the password's hash (empty: none chosen yet) and whether the account is deactivated. */
export const credentialsOf = (db: Queryable, groupKey: string, email: string) =>
  maybeOne(
    db,
    z.extend(z.pick(accountRow, { id: true, email: true, role: true, password_hash: true }), deactivated),
    'SELECT id, email, role, password_hash, deactivated_at IS NOT NULL AS deactivated FROM users WHERE group_key = $1 AND email = $2',
    [groupKey, email],
  )

/** A signed-in account's email, first name and password hash (its password change checks the current one). */
export const passwordHolder = (db: Queryable, userId: number, groupKey: string) =>
  one(
    db,
    z.extend(z.pick(accountRow, { email: true, first_name: true, password_hash: true }), {
      language: z.nullable(z.string()),
    }),
    'SELECT email, first_name, password_hash, language FROM users WHERE id = $1 AND group_key = $2',
    [userId, groupKey],
  )

/** A member who checked out: the account their order opens. */
export interface NewMember {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  phone: string
  address: { line: string; city: string; state: string; zip: string }
  dateOfBirth: string
}

/** Opens a member's account (in the order's transaction), in the language they joined in; answers its id. */
export async function insertMember(
  tx: Queryable,
  groupKey: string,
  account: NewMember,
  language: string | null,
): Promise<number> {
  const { id } = await one(
    tx,
    idOnly,
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone, address_line, city, state, zip, date_of_birth, language)
           VALUES ($1, $2, $3, 'member', $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
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
      language,
    ],
  )
  return id
}

/** Opens a member's account from the sign-up form; false when the address has one already. */
export async function insertSignedUpMember(
  db: Queryable,
  account: {
    groupKey: string
    email: string
    passwordHash: string
    firstName: string
    lastName: string
    phone: string | null
  },
): Promise<boolean> {
  const created = await db.query(
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone) VALUES ($1, $2, $3, 'member', $4, $5, $6)
       ON CONFLICT (group_key, email) DO NOTHING RETURNING id`,
    [account.groupKey, account.email, account.passwordHash, account.firstName, account.lastName, account.phone],
  )
  return created.length > 0
}

/** Opens a staff account (its password empty until the invitation sets it); undefined when the address has an account. */
export async function insertStaffAccount(
  db: Queryable,
  account: { groupKey: string; email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<number | undefined> {
  const created = await many(
    db,
    idOnly,
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name) VALUES ($1, $2, $3, 'staff', $4, $5)
       ON CONFLICT (group_key, email) DO NOTHING RETURNING id`,
    [account.groupKey, account.email, account.passwordHash, account.firstName, account.lastName],
  )
  return created[0]?.id
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId])
}

/** The site's role of a staff account (a member's stays `member`). */
export async function setStaffSiteRole(db: Queryable, userId: number, role: 'editor' | 'staff'): Promise<void> {
  await db.query("UPDATE users SET role = $2 WHERE id = $1 AND role <> 'member'", [userId, role])
}

export async function deactivateAccount(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE users SET deactivated_at = $2 WHERE id = $1', [userId, at])
}

export async function reactivateAccount(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET deactivated_at = NULL WHERE id = $1', [userId])
}

/** When the account last signed in to the staff console (with both factors). */
export async function recordStaffSignIn(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE users SET last_staff_sign_in_at = $2 WHERE id = $1', [userId, at])
}

/**
 * Looks the tenant's account of this email address up and, unless it is deactivated, keeps a
 * reset link for it, in one statement: the same work whether there is an account or not.
 */
export const keepResetLink = (
  db: Queryable,
  link: { groupKey: string; email: string; tokenHash: string; expiresAt: Date },
) =>
  maybeOne(
    db,
    z.extend(z.pick(accountRow, { first_name: true }), { ...deactivated, language: z.nullable(z.string()) }),
    `WITH account AS (SELECT id, first_name, language, deactivated_at IS NOT NULL AS deactivated FROM users WHERE group_key = $1 AND email = $2),
            kept AS (INSERT INTO password_resets (token_hash, group_key, user_id, expires_at) SELECT $3, $1, id, $4 FROM account WHERE NOT deactivated)
       SELECT first_name, deactivated, language FROM account`,
    [link.groupKey, link.email, link.tokenHash, link.expiresAt],
  )

/** The tenant's reset link of this token hash, with its account's email and whether it is deactivated. */
export const resetLinkOf = (db: Queryable, tokenHash: string, groupKey: string) =>
  maybeOne(
    db,
    z.extend(resetRow, { email: z.string(), ...deactivated, language: z.nullable(z.string()) }),
    'SELECT r.user_id, r.expires_at, r.used_at, u.email, u.language, u.deactivated_at IS NOT NULL AS deactivated FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 AND r.group_key = $2',
    [tokenHash, groupKey],
  )

/** Ends every reset link of the account not used yet. */
export async function endResetLinks(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, at])
}

/** The account's profile, whatever its role, and whether its email address is verified. */
export const profileOf = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(
    db,
    z.extend(profileRow, { email_verified: userRow.shape.email_verified }),
    'SELECT * FROM users WHERE group_key = $1 AND id = $2',
    [groupKey, id],
  )

/** A member's profile with the day they joined (a staff account is none). */
export const memberProfile = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(
    db,
    z.extend(profileRow, { created_at: userRow.shape.created_at }),
    `SELECT id, email, first_name, last_name, phone, address_line, city, state, zip, date_of_birth::text AS date_of_birth, balance_cents, created_at, language
       FROM users WHERE group_key = $1 AND id = $2 AND role = 'member'`,
    [groupKey, id],
  )

export async function setEmail(db: Queryable, groupKey: string, id: number, email: string) {
  await db.query('UPDATE users SET email = $3 WHERE group_key = $1 AND id = $2', [groupKey, id, email])
}

/** Changes the contact details given (null: kept as it is). */
export async function updateContact(
  db: Queryable,
  groupKey: string,
  id: number,
  contact: {
    firstName: string | null
    lastName: string | null
    phone: string | null
    addressLine: string | null
    city: string | null
    state: string | null
    zip: string | null
    language?: string | null
  },
) {
  await db.query(
    `UPDATE users SET first_name = coalesce($3, first_name), last_name = coalesce($4, last_name), phone = coalesce($5, phone),
         address_line = coalesce($6, address_line), city = coalesce($7, city), state = coalesce($8, state), zip = coalesce($9, zip),
         language = coalesce($10, language)
       WHERE group_key = $1 AND id = $2`,
    [
      groupKey,
      id,
      contact.firstName,
      contact.lastName,
      contact.phone,
      contact.addressLine,
      contact.city,
      contact.state,
      contact.zip,
      contact.language ?? null,
    ],
  )
}

/** Takes a payment off the member's balance (in the payment's transaction). */
export async function reduceBalance(tx: Queryable, groupKey: string, id: number, cents: number) {
  await tx.query('UPDATE users SET balance_cents = balance_cents - $3 WHERE group_key = $1 AND id = $2', [
    groupKey,
    id,
    cents,
  ])
}
