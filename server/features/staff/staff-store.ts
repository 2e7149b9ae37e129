import { z } from '#schemas/engine/zod.ts'
import { STAFF_ROLES, type StaffRole } from '#schemas/staff-roles.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'

const roleRow = z.object({ group_key: z.string(), user_id: z.number(), role: z.enum(STAFF_ROLES) })

/** A staff account as the team's list shows it: the account, whether it is enrolled, its roles. */
const staffAccountRow = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  invited: z.boolean(),
  enrolled: z.boolean(),
  deactivated_at: z.nullable(z.coerce.date()),
  last_staff_sign_in_at: z.nullable(z.coerce.date()),
  roles: z.array(z.enum(STAFF_ROLES)),
})
export type StaffAccountRow = z.output<typeof staffAccountRow>

/** The tenant's staff: the accounts holding a staff role, with their roles aggregated. */
const SELECT = `SELECT u.id, u.email, u.first_name, u.last_name, NOT u.has_password AS invited,
    EXISTS (SELECT 1 FROM staff_mfa m WHERE m.user_id = u.id AND m.enrolled_at IS NOT NULL) AS enrolled,
    u.deactivated_at, u.last_staff_sign_in_at, array_agg(r.role) AS roles
  FROM people u JOIN staff_roles r ON r.user_id = u.id AND r.group_key = u.group_key
  WHERE u.group_key = $1`
/** A view has no primary key to group by, so every column of `people` read is named. */
const GROUP_BY =
  'GROUP BY u.id, u.email, u.first_name, u.last_name, u.has_password, u.deactivated_at, u.last_staff_sign_in_at'

/** The tenant's staff accounts by name. */
export const staffAccounts = (db: Queryable, groupKey: string) =>
  many(db, staffAccountRow, `${SELECT} ${GROUP_BY} ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [groupKey])

/** A staff account of the tenant (none for a member's or another tenant's account). */
export const staffAccountById = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(db, staffAccountRow, `${SELECT} AND u.id = $2 ${GROUP_BY}`, [groupKey, id])

/**
 * One administrator's change at a time per tenant: the tenant's row is locked for the
 * transaction, so two administrators cannot each remove the other's role and leave none.
 */
export const lockTenant = (tx: Queryable, groupKey: string) =>
  tx.query('SELECT group_key FROM tenants WHERE group_key = $1 FOR UPDATE', [groupKey])

/** How many accounts besides `exceptId` are active administrators (signed up, not deactivated). */
export const otherActiveAdmins = async (tx: Queryable, groupKey: string, exceptId: number) =>
  (
    await one(
      tx,
      z.object({ n: z.coerce.number() }),
      `SELECT count(*) AS n FROM staff_roles r JOIN people u ON u.id = r.user_id
      WHERE r.group_key = $1 AND r.role = 'admin' AND u.id <> $2 AND u.deactivated_at IS NULL AND u.has_password`,
      [groupKey, exceptId],
    )
  ).n

/** A user's staff roles in a tenant, in no order. */
export const rolesOf = (db: Queryable, groupKey: string, userId: number) =>
  many(db, z.pick(roleRow, { role: true }), 'SELECT role FROM staff_roles WHERE group_key = $1 AND user_id = $2', [
    groupKey,
    userId,
  ])

export async function deleteRoles(db: Queryable, groupKey: string, userId: number): Promise<void> {
  await db.query('DELETE FROM staff_roles WHERE group_key = $1 AND user_id = $2', [groupKey, userId])
}

export async function insertRole(db: Queryable, groupKey: string, userId: number, role: StaffRole): Promise<void> {
  await db.query('INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, $3)', [groupKey, userId, role])
}

export async function insertInvitation(
  db: Queryable,
  invitation: { tokenHash: string; groupKey: string; userId: number; invitedBy: number; at: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO staff_invitations (token_hash, group_key, user_id, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      invitation.tokenHash,
      invitation.groupKey,
      invitation.userId,
      invitation.invitedBy,
      invitation.at,
      invitation.expiresAt,
    ],
  )
}

/** Ends every invitation of the account not used yet. */
export async function endInvitations(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE staff_invitations SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, at])
}

/** The tenant's unused, unexpired invitation of this token hash, for an account not deactivated, with its email. */
export const openInvitation = (db: Queryable, tokenHash: string, groupKey: string, now: Date) =>
  maybeOne(
    db,
    z.object({ user_id: z.number(), email: z.string() }),
    `SELECT i.user_id, u.email FROM staff_invitations i JOIN people u ON u.id = i.user_id
      WHERE i.token_hash = $1 AND i.group_key = $2 AND i.used_at IS NULL AND i.expires_at > $3 AND u.deactivated_at IS NULL`,
    [tokenHash, groupKey, now],
  )

/** Spends the invitation of this token hash if it is unused; false when it was used already. */
export async function spendInvitation(db: Queryable, tokenHash: string, at: Date): Promise<boolean> {
  const spent = await db.query(
    'UPDATE staff_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id',
    [tokenHash, at],
  )
  return spent.length > 0
}
