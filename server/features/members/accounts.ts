import { randomBytes } from 'node:crypto'
import type { z } from '#schemas/engine/zod.ts'
import type { signupSchema } from '#schemas/api/members.ts'
import type { Tenant } from '#schemas/tenant.ts'
import {
  decoyHash,
  hashPassword,
  brandWords,
  newPasswordProblems,
  verifyPassword,
  type ScryptCost,
} from '../../platform/auth/passwords.ts'
import {
  credentialsOf,
  endResetLinks,
  insertSignedUpMember,
  keepResetLink,
  passwordHolder,
  resetLinkOf,
  setPasswordHash,
} from '../../platform/auth/account-store.ts'
import { tokenHash, type Sessions } from '../../platform/auth/sessions.ts'
import type { Database } from '../../platform/db/database.ts'
import type { DbContentService } from '../content/index.ts'
import { passwordChangedMail, resetMails } from './account-mail.ts'
import { Invalid, Refused } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import type { RateLimits } from '../../platform/rate-limits.ts'

/** The account statements the members' modules and the checkout use (the accounts' store is the platform's). */
export { emailInUse, insertMember } from '../../platform/auth/account-store.ts'

/** What signing in, a password reset and signing up work with (the API's context has it all). */
export interface AccountDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  hashCost: ScryptCost
  mailer: Mailer
  sessions: Sessions
  env: { RESET_TOKEN_TTL_MS: number }
}

/** A link of the tenant's site: built from its configured address, never from the request's Host header. */
export const linkTo = (tenant: Pick<Tenant, 'publicUrl'>, path: string) => new URL(path, tenant.publicUrl).href

/** A new password is refused at its field with each problem found (server/platform/auth/passwords.ts), none kept. */
export function refuseWeakPassword(problems: readonly string[]): void {
  if (problems.length)
    throw new Invalid(
      `Validation error: ${problems.join('; ')}`,
      problems.map((message) => ({ path: ['body', 'password'], message })),
    )
}

/**
 * The account an email and password sign in to, or undefined. The same work, the same answer,
 * whether the account exists or not: an unknown one is checked against a decoy hash, and so is
 * an invited staff member's that has no password yet. A deactivated account signs in nowhere.
 */
export async function checkCredentials(
  deps: Pick<AccountDeps, 'db' | 'tenant' | 'hashCost'>,
  email: string,
  password: string,
): Promise<{ id: number; email: string; role: 'member' | 'editor' | 'staff' } | undefined> {
  const account = await credentialsOf(deps.db, deps.tenant.groupKey, email)
  const valid = await verifyPassword(password, account?.password_hash || (await decoyHash(deps.hashCost)))
  return account?.password_hash && valid && !account.deactivated
    ? { id: account.id, email: account.email, role: account.role }
    : undefined
}

/**
 * Mails a single-use link to choose a new password, or, when no account uses the address, says
 * so to it; a deactivated account (staff who left) gets no link, and is told who can reactivate
 * it. The same work whether the account exists or not, so the time says nothing either: one
 * statement that looks the account up and keeps a link for it if there is one, and one mail.
 */
export async function mailPasswordReset(
  deps: AccountDeps & { content: Pick<DbContentService, 'get'> },
  email: string,
  /** The language of the page it was asked on: the mail's to an address no account uses. */
  pageLanguage: string | null = null,
): Promise<void> {
  const { tenant } = deps
  const token = randomBytes(32).toString('base64url')
  // Every language's words before the account is looked up: the same work whoever asks.
  const mailsIn = await resetMails(deps)
  const account = await keepResetLink(deps.db, {
    groupKey: tenant.groupKey,
    email,
    tokenHash: tokenHash(token),
    expiresAt: new Date(deps.now().getTime() + deps.env.RESET_TOKEN_TTL_MS),
  })
  // In the account's language; the page's for an address no account uses.
  const mails = mailsIn(account ? account.language : pageLanguage)
  const mail = account?.deactivated
    ? mails.deactivated(account.first_name)
    : account
      ? mails.link(
          account.first_name,
          Math.round(deps.env.RESET_TOKEN_TTL_MS / 60_000),
          linkTo(tenant, `/reset-password?token=${token}`),
        )
      : mails.unknown()
  await deps.mailer.send({ groupKey: tenant.groupKey, to: email, ...mail })
}

/**
 * Sets the password a reset link was sent for: the link and every other outstanding link of the
 * account end, and so does every session of the account; the account is told by mail.
 */
export async function setNewPassword(
  deps: AccountDeps & { content: Pick<DbContentService, 'get'> },
  token: string,
  password: string,
): Promise<void> {
  const { tenant } = deps
  const reset = await resetLinkOf(deps.db, tokenHash(token), tenant.groupKey)
  if (!reset || reset.used_at || reset.expires_at < deps.now())
    throw new Refused('This link has expired or was already used. Ask for a new one.')
  // A link sent before the account was deactivated opens nothing now.
  if (reset.deactivated)
    throw new Refused('This account is deactivated. Ask an administrator of your team to reactivate it.')
  refuseWeakPassword(newPasswordProblems(password, reset.email, brandWords(tenant)))
  const hash = await hashPassword(password, deps.hashCost)
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, reset.user_id, hash)
    // This link and every other outstanding link of the account end with the reset.
    await endResetLinks(tx, reset.user_id, deps.now())
    await deps.sessions.destroyAllOf(tx, reset.user_id)
  })
  await deps.mailer.send({
    groupKey: tenant.groupKey,
    to: reset.email,
    ...(await resetMails(deps))(reset.language).done(),
  })
}

export const WRONG_CURRENT_PASSWORD = 'This is not your current password'

/**
 * Changes a signed-in member's password: the current one is checked first (each try counted
 * before the hash, like a sign-in to the account; a success clears the count), the new one meets
 * the reset page's rules. Every other session of the account ends, and every outstanding reset
 * link; the session that changed it stays. The member is told by mail, in the content's words.
 */
export async function changePassword(
  deps: AccountDeps & { limits: RateLimits; content: Pick<DbContentService, 'get'> },
  caller: { userId: number; sessionId: string | undefined },
  input: { currentPassword: string; password: string },
): Promise<void> {
  const { tenant } = deps
  const limitKey = `${tenant.groupKey}|${caller.userId}`
  await deps.limits.take('changePassword', limitKey)
  const account = await passwordHolder(deps.db, caller.userId, tenant.groupKey)
  if (!(await verifyPassword(input.currentPassword, account.password_hash)))
    throw new Invalid(`Validation error: ${WRONG_CURRENT_PASSWORD}`, [
      { path: ['body', 'currentPassword'], message: WRONG_CURRENT_PASSWORD },
    ])
  await deps.limits.clear('changePassword', limitKey)
  refuseWeakPassword(newPasswordProblems(input.password, account.email, brandWords(tenant)))
  const hash = await hashPassword(input.password, deps.hashCost)
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, caller.userId, hash)
    await endResetLinks(tx, caller.userId, deps.now())
    await deps.sessions.destroyAllOf(tx, caller.userId, caller.sessionId)
  })
  const mail = await passwordChangedMail(deps, account.first_name, account.language)
  await deps.mailer.send({ groupKey: tenant.groupKey, to: account.email, ...mail })
}

/**
 * Opens a member's account, unless the address has one: either way one mail goes to the address
 * (a welcome, or a note that someone tried), so the answer says nothing of who has an account.
 */
export async function signUp(deps: AccountDeps, input: z.output<typeof signupSchema>): Promise<void> {
  const { tenant } = deps
  refuseWeakPassword(newPasswordProblems(input.password, input.email, brandWords(tenant)))
  const hash = await hashPassword(input.password, deps.hashCost)
  const created = await insertSignedUpMember(deps.db, {
    groupKey: tenant.groupKey,
    email: input.email,
    passwordHash: hash,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
  })
  await deps.mailer.send({
    groupKey: tenant.groupKey,
    to: input.email,
    subject: created ? `Welcome to ${tenant.companyName}` : `Someone tried to create an account with your email`,
    text: created
      ? `Hello ${input.firstName},\n\nYour account is ready. Sign in at ${linkTo(tenant, '/member-login')}.`
      : `Someone tried to create an account at ${tenant.companyName} with this email address, which already has one. If it was you, sign in or reset your password at ${linkTo(tenant, '/member-login')}.`,
  })
}
