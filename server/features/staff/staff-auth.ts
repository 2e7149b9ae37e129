import type { StaffRole } from '#schemas/engine/contract.ts'
import { decoyHash, hashPassword, verifyPassword, type ScryptCost } from '../../platform/auth/passwords.ts'
import type { SessionUser, Sessions } from '../../platform/auth/sessions.ts'
import {
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normalRecoveryCode,
  openSecret,
  qrPath,
  sealSecret,
  totpUri,
} from '../../platform/auth/totp.ts'
import { accountIdByEmail, recordStaffSignIn } from '../../platform/auth/account-store.ts'
import type { Database, Queryable } from '../../platform/db/database.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { audit } from './audit.ts'
import { checkCredentials } from '../members/index.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'
import type { RateLimits } from '../../platform/rate-limits.ts'
import { staffRolesOf } from './staff-roles.ts'
import {
  confirmEnrolment,
  deleteRecoveryCodes,
  insertRecoveryCode,
  mfaOf,
  spendRecoveryCode,
  spendStep,
  startEnrolment,
  unspentRecoveryCodes,
} from './staff-mfa-store.ts'

/** What the staff sign-in works with: the request's part of the API context. */
export interface StaffAuthDeps {
  db: Database
  tenant: Tenant
  hashCost: ScryptCost
  sessions: Sessions
  limits: RateLimits
  /** The key that seals TOTP secrets (server/platform/auth/totp.ts). */
  totpKey: Buffer
  address: string
  now: () => Date
}

const CODE_REFUSED = 'That code is not right. Enter the code your app shows now.'
/** A code refused: wrong, already used, or a recovery code spent (a 422 at the code's field). */
const codeRefused = () => new Invalid(CODE_REFUSED, [{ path: ['body', 'code'], message: CODE_REFUSED }])

const RECOVERY_CODES = 10

/** A code refused: its audit entry (on its own: the request's work is not kept), then the 422. */
async function refuseCode(deps: StaffAuthDeps, pending: SessionUser): Promise<never> {
  await audit.record(deps.db, {
    groupKey: deps.tenant.groupKey,
    actorId: pending.user_id,
    action: 'staff.code_refused',
    subject: `user:${pending.user_id}`,
    address: deps.address,
  })
  throw codeRefused()
}

/**
 * The password step. A staff account's password gives a session waiting for its second factor;
 * anything else (no account, a wrong password, a member) is undefined, which the route answers as
 * the site's sign-in does, so the step tells nobody whether an email is a member's.
 */
export async function staffPassword(
  deps: StaffAuthDeps,
  email: string,
  password: string,
): Promise<{ sessionId: string; next: 'code' | 'enrol' } | undefined> {
  const { tenant } = deps
  const account = await checkCredentials(deps, email, password)
  const roles = account ? await staffRolesOf(deps.db, tenant.groupKey, account.id) : []
  if (!account || roles.length === 0) {
    // The entry names the account the email is of, when there is one (a wrong password too).
    const known = await accountIdByEmail(deps.db, tenant.groupKey, email)
    await audit.record(deps.db, {
      groupKey: tenant.groupKey,
      ...(known ? { actorId: known.id } : {}),
      action: 'staff.password_refused',
      subject: `email:${email}`,
      address: deps.address,
    })
    return undefined
  }
  return deps.db.transaction(async (tx) => {
    const mfa = await mfaOf(tx, account.id)
    const next = mfa?.enrolled_at ? 'code' : 'enrol'
    const sessionId = await deps.sessions.create(tx, account.id, tenant.groupKey, deps.now(), { mfaPending: true })
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: account.id,
      action: 'staff.password_ok',
      subject: `user:${account.id}`,
      after: { next },
      address: deps.address,
    })
    return { sessionId, next }
  })
}

/** The session after the second factor: the pending one ends, a fresh one begins. */
async function complete(deps: StaffAuthDeps, tx: Queryable, pending: SessionUser, pendingId: string | undefined) {
  await deps.sessions.destroy(pendingId, tx)
  // The staff list shows it (server/features/staff/staff-accounts.ts).
  await recordStaffSignIn(tx, pending.user_id, deps.now())
  return deps.sessions.create(tx, pending.user_id, deps.tenant.groupKey, deps.now(), { secondFactor: true })
}

const attemptsKey = (deps: StaffAuthDeps, userId: number) => `${deps.tenant.groupKey}|${userId}`

/**
 * The second step: a TOTP code (within one step of now, and of a later step than any accepted
 * before, so a code is never accepted twice) or an unspent recovery code. Every attempt is counted
 * before it is checked (5 in 15 minutes per account) and leaves one audit entry.
 */
export async function staffVerify(
  deps: StaffAuthDeps,
  pending: SessionUser,
  pendingId: string | undefined,
  code: string,
): Promise<{ sessionId: string; email: string; roles: StaffRole[] }> {
  const { tenant } = deps
  await deps.limits.take('staffCode', attemptsKey(deps, pending.user_id))
  const mfa = await mfaOf(deps.db, pending.user_id)
  if (!mfa?.enrolled_at) throw new Conflict('Set up your authenticator app first.')
  const refused = () => refuseCode(deps, pending)
  const isTotp = /^\d{6}$/.test(code)
  const step = isTotp ? matchingStep(openSecret(deps.totpKey, mfa.secret_encrypted), code, deps.now()) : undefined
  const recovery = isTotp ? undefined : await matchingRecoveryCode(deps, pending.user_id, code)
  if (step === undefined && recovery === undefined) return refused()
  const sessionId = await deps.db.transaction(async (tx) => {
    // Spent in the statement that checks it, so two requests with one code cannot both pass.
    const spent =
      step === undefined
        ? await spendRecoveryCode(tx, recovery!, deps.now())
        : await spendStep(tx, pending.user_id, step)
    if (!spent) return undefined
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: pending.user_id,
      action: step === undefined ? 'staff.recovery_code_used' : 'staff.sign_in',
      subject: `user:${pending.user_id}`,
      address: deps.address,
    })
    return complete(deps, tx, pending, pendingId)
  })
  if (!sessionId) return refused()
  await deps.limits.clear('staffCode', attemptsKey(deps, pending.user_id))
  return { sessionId, email: pending.email, roles: await staffRolesOf(deps.db, tenant.groupKey, pending.user_id) }
}

/** The id of the account's unspent recovery code that matches, if any (scrypt, like a password). */
async function matchingRecoveryCode(deps: StaffAuthDeps, userId: number, typed: string): Promise<number | undefined> {
  const codes = await unspentRecoveryCodes(deps.db, userId)
  const normal = normalRecoveryCode(typed)
  if (codes.length === 0) await verifyPassword(normal, await decoyHash(deps.hashCost))
  for (const code of codes) if (await verifyPassword(normal, code.code_hash)) return code.id
  return undefined
}

/** Enrolment's first step: a new secret, kept unconfirmed until a first code proves the app has it. */
export async function staffEnrolStart(
  deps: StaffAuthDeps,
  pending: SessionUser,
): Promise<{ uri: string; secret: string; qr: { size: number; path: string } }> {
  const secret = newTotpSecret()
  await deps.db.transaction(async (tx) => {
    if (!(await startEnrolment(tx, pending.user_id, sealSecret(deps.totpKey, secret))))
      throw new Conflict('This account has an authenticator app already: enter its code.')
    await audit.record(tx, {
      groupKey: deps.tenant.groupKey,
      actorId: pending.user_id,
      action: 'staff.enrol_started',
      subject: `user:${pending.user_id}`,
      address: deps.address,
    })
  })
  const uri = totpUri(secret, pending.email, deps.tenant.companyName)
  return { uri, secret, qr: qrPath(uri) }
}

/** Enrolment's last step: a first code confirms the secret; signs in and answers the recovery codes, this once. */
export async function staffEnrolFinish(
  deps: StaffAuthDeps,
  pending: SessionUser,
  pendingId: string | undefined,
  code: string,
): Promise<{ sessionId: string; email: string; roles: StaffRole[]; recoveryCodes: string[] }> {
  const { tenant } = deps
  await deps.limits.take('staffCode', attemptsKey(deps, pending.user_id))
  const mfa = await mfaOf(deps.db, pending.user_id)
  if (!mfa) throw new Conflict('Start the setup of your authenticator app first.')
  if (mfa.enrolled_at) throw new Conflict('This account has an authenticator app already: enter its code.')
  const step = matchingStep(openSecret(deps.totpKey, mfa.secret_encrypted), code, deps.now())
  if (step === undefined) return refuseCode(deps, pending)
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
  // Hashed outside the transaction: scrypt is slow on purpose.
  const hashes = await Promise.all(recoveryCodes.map((recovery) => hashPassword(recovery, deps.hashCost)))
  const sessionId = await deps.db.transaction(async (tx) => {
    if (!(await confirmEnrolment(tx, pending.user_id, deps.now(), step)))
      throw new Conflict('This account has an authenticator app already: enter its code.')
    await deleteRecoveryCodes(tx, pending.user_id)
    for (const hash of hashes) await insertRecoveryCode(tx, pending.user_id, hash)
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: pending.user_id,
      action: 'staff.enrolled',
      subject: `user:${pending.user_id}`,
      address: deps.address,
    })
    return complete(deps, tx, pending, pendingId)
  })
  await deps.limits.clear('staffCode', attemptsKey(deps, pending.user_id))
  return {
    sessionId,
    email: pending.email,
    roles: await staffRolesOf(deps.db, tenant.groupKey, pending.user_id),
    recoveryCodes,
  }
}
