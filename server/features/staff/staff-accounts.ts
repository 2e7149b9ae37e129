import { randomBytes } from 'node:crypto'
import { STAFF_ROLES, type StaffRole } from '#schemas/staff-roles.ts'
import type { StaffAccount } from '#schemas/api/staff.ts'
import { STAFF_INVITATION_PATH } from '#schemas/console-paths.ts'
import type { Tenant } from '#schemas/tenant.ts'
import {
  deactivateAccount,
  endResetLinks,
  insertStaffAccount,
  reactivateAccount,
  setPasswordHash,
  setStaffSiteRole,
} from '../../platform/auth/account-store.ts'
import { hashPassword, brandWords, newPasswordProblems, type ScryptCost } from '../../platform/auth/passwords.ts'
import { tokenHash, type Sessions } from '../../platform/auth/sessions.ts'
import type { Database, Queryable } from '../../platform/db/database.ts'
import { linkTo, refuseWeakPassword } from '../members/index.ts'
import { audit } from './audit.ts'
import { Conflict, NotFound, Refused } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import type { Actor } from './audit.ts'
import {
  deleteRoles,
  endInvitations,
  insertInvitation,
  insertRole,
  lockTenant,
  openInvitation,
  otherActiveAdmins,
  spendInvitation,
  staffAccountById,
  staffAccounts,
  type StaffAccountRow,
} from './staff-store.ts'

/** What staff administration works with (the API's context has it all). */
export interface StaffAccountsDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  mailer: Mailer
  sessions: Sessions
  hashCost: ScryptCost
}

/** How long an invitation's link may be used: a week, since a new colleague may not read mail at once. */
export const INVITATION_TTL_MS = 7 * 86_400_000
export const STAFF_ACCOUNT_NOT_FOUND = 'No such staff account'
export const LAST_ADMIN = 'The team needs an active administrator: make another one first.'
const INVITATION_REFUSED = 'This invitation has expired or was already used. Ask an administrator for a new one.'

/**
 * An invited account has no password yet (an empty hash, which no password matches:
 * services/accounts.ts checkCredentials); the invitation's link sets it.
 */
const NO_PASSWORD = ''

const accountOf = (row: StaffAccountRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  roles: STAFF_ROLES.filter((role) => row.roles.includes(role)),
  status: row.deactivated_at ? 'deactivated' : row.invited ? 'invited' : 'active',
  enrolled: row.enrolled,
  lastSignInAt: row.last_staff_sign_in_at?.toISOString() ?? null,
  deactivatedAt: row.deactivated_at?.toISOString() ?? null,
})

export async function listStaffAccounts(deps: Pick<StaffAccountsDeps, 'db' | 'tenant'>): Promise<StaffAccount[]> {
  const rows = await staffAccounts(deps.db, deps.tenant.groupKey)
  return rows.map(accountOf)
}

/** A staff account of the tenant; a member's or another tenant's is as missing as one that does not exist. */
async function find(db: Queryable, groupKey: string, id: number): Promise<StaffAccount> {
  const row = await staffAccountById(db, groupKey, id)
  if (!row) throw new NotFound(STAFF_ACCOUNT_NOT_FOUND)
  return accountOf(row)
}

/** The site's role goes with the staff roles: a content manager is an editor (the playground reads it). */
async function setRoles(tx: Queryable, groupKey: string, userId: number, roles: readonly StaffRole[]) {
  await deleteRoles(tx, groupKey, userId)
  for (const role of roles) await insertRole(tx, groupKey, userId, role)
  await setStaffSiteRole(tx, userId, roles.includes('content') ? 'editor' : 'staff')
}

/**
 * Keeps a new invitation (a single-use link, kept as its token's hash, expiring in a week; the
 * account's earlier links end) and mails its link, in the transaction `tx`.
 */
async function sendInvitation(
  deps: StaffAccountsDeps,
  tx: Queryable,
  actor: Actor,
  account: { id: number; email: string; firstName: string },
) {
  const { tenant } = deps
  const now = deps.now()
  const token = randomBytes(32).toString('base64url')
  await endInvitations(tx, account.id, now)
  await insertInvitation(tx, {
    tokenHash: tokenHash(token),
    groupKey: tenant.groupKey,
    userId: account.id,
    invitedBy: actor.id,
    at: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  })
  await deps.mailer.send(
    {
      groupKey: tenant.groupKey,
      to: account.email,
      subject: `You are invited to the ${tenant.companyName} staff console`,
      text: `Hello ${account.firstName},\n\nYou are invited to work in the ${tenant.companyName} staff console. Use this link within 7 days to choose your password:\n${linkTo(tenant, `${STAFF_INVITATION_PATH}?token=${token}`)}\n\nThen sign in at ${linkTo(tenant, '/console')} and set up an authenticator app: every sign-in asks for its code.\n\nIf you did not expect this, ignore this message.`,
    },
    tx,
  )
}

/**
 * Invites a staff member: an account without a password, its roles, and a mail with a
 * single-use link to set the password (kept as its hash, expiring in a week). The person then
 * signs in at the console, which enrols their authenticator app at the first sign-in.
 */
export async function inviteStaff(
  deps: StaffAccountsDeps,
  actor: Actor,
  input: { email: string; firstName: string; lastName: string; roles: readonly StaffRole[] },
): Promise<StaffAccount> {
  const { tenant } = deps
  return deps.db.transaction(async (tx) => {
    await lockTenant(tx, tenant.groupKey)
    const id = await insertStaffAccount(tx, {
      groupKey: tenant.groupKey,
      email: input.email,
      passwordHash: NO_PASSWORD,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    if (id === undefined) throw new Conflict('An account already uses this email address.')
    await setRoles(tx, tenant.groupKey, id, input.roles)
    await sendInvitation(deps, tx, actor, { id, email: input.email, firstName: input.firstName })
    const account = await find(tx, tenant.groupKey, id)
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: actor.id,
      action: 'staff.invited',
      subject: `user:${id}`,
      after: { email: account.email, roles: account.roles, status: account.status },
      address: actor.address,
    })
    return account
  })
}

export type StaffAccountAction =
  | { kind: 'roles'; roles: readonly StaffRole[]; reason?: string | undefined }
  | { kind: 'deactivate'; reason: string }
  | { kind: 'reactivate'; reason?: string | undefined }
  | { kind: 'invitation'; reason?: string | undefined }

const AUDIT_ACTIONS = {
  roles: 'staff.roles_changed',
  deactivate: 'staff.deactivated',
  reactivate: 'staff.reactivated',
  invitation: 'staff.invitation_sent',
} as const satisfies Record<StaffAccountAction['kind'], string>

/**
 * An administrator's change to a staff account, in one transaction with its audit entry (before
 * and after, the reason); or a new invitation for an account still invited (its earlier links end). Deactivating ends every session of the account at once (its next
 * request is a 401) and every link it was sent; its sign-in is refused until it is reactivated.
 * The tenant always keeps an active administrator (409), and nobody deactivates themselves.
 */
export async function actOnStaffAccount(
  deps: StaffAccountsDeps,
  actor: Actor,
  id: number,
  action: StaffAccountAction,
): Promise<StaffAccount> {
  const { tenant } = deps
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    await lockTenant(tx, tenant.groupKey)
    const before = await find(tx, tenant.groupKey, id)
    if (action.kind === 'deactivate' && id === actor.id) throw new Conflict('You cannot deactivate your own account.')
    const losesAdmin =
      before.status === 'active' &&
      before.roles.includes('admin') &&
      (action.kind === 'deactivate' || (action.kind === 'roles' && !action.roles.includes('admin')))
    if (losesAdmin && (await otherActiveAdmins(tx, tenant.groupKey, id)) === 0) throw new Conflict(LAST_ADMIN)
    if (action.kind === 'roles') await setRoles(tx, tenant.groupKey, id, action.roles)
    if (action.kind === 'deactivate') {
      if (before.status === 'deactivated') throw new Conflict('This account is already deactivated.')
      await deactivateAccount(tx, id, now)
      await deps.sessions.destroyAllOf(tx, id)
      await endInvitations(tx, id, now)
      await endResetLinks(tx, id, now)
    }
    if (action.kind === 'reactivate') {
      if (before.status !== 'deactivated') throw new Conflict('This account is active: there is nothing to reactivate.')
      await reactivateAccount(tx, id)
    }
    if (action.kind === 'invitation') {
      if (before.status !== 'invited') throw new Conflict('This staff member has chosen a password already.')
      await sendInvitation(deps, tx, actor, before)
    }
    const after = await find(tx, tenant.groupKey, id)
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: actor.id,
      action: AUDIT_ACTIONS[action.kind],
      subject: `user:${id}`,
      ...(action.reason ? { reason: action.reason } : {}),
      before: { roles: before.roles, status: before.status },
      after: { roles: after.roles, status: after.status },
      address: actor.address,
    })
    return after
  })
}

/**
 * Sets an invited staff member's password with the invitation's token: the token is spent in
 * the statement that checks it (single use), and every other link of the account ends. It does
 * not sign in: the console's sign-in follows, and enrols the authenticator app.
 */
export async function acceptInvitation(
  deps: StaffAccountsDeps,
  address: string,
  token: string,
  password: string,
): Promise<void> {
  const { tenant } = deps
  const now = deps.now()
  const invitation = await openInvitation(deps.db, tokenHash(token), tenant.groupKey, now)
  if (!invitation) throw new Refused(INVITATION_REFUSED)
  refuseWeakPassword(newPasswordProblems(password, invitation.email, brandWords(tenant)))
  // Hashed outside the transaction: scrypt is slow on purpose.
  const hash = await hashPassword(password, deps.hashCost)
  await deps.db.transaction(async (tx) => {
    if (!(await spendInvitation(tx, tokenHash(token), now))) throw new Refused(INVITATION_REFUSED)
    await setPasswordHash(tx, invitation.user_id, hash)
    await endInvitations(tx, invitation.user_id, now)
    await endResetLinks(tx, invitation.user_id, now)
    await deps.sessions.destroyAllOf(tx, invitation.user_id)
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: invitation.user_id,
      action: 'staff.invitation_accepted',
      subject: `user:${invitation.user_id}`,
      address,
    })
  })
}
