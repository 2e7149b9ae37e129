import { z } from '#schemas/engine/zod.ts'
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
import { many, maybeOne, type Database, type Queryable } from '../../platform/db/database.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { audit } from './audit.ts'
import { checkCredentials } from '../members/index.ts'
import { Conflict, Invalid } from '../../platform/errors.ts'
import type { RateLimits } from '../../platform/rate-limits.ts'
import { staffRolesOf } from './staff-roles.ts'

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

const mfaRow = z.object({ secret_encrypted: z.string(), enrolled_at: z.nullable(z.coerce.date()) })
const mfaOf = (db: Queryable, userId: number) =>
  maybeOne(db, mfaRow, 'SELECT secret_encrypted, enrolled_at FROM staff_mfa WHERE user_id = $1', [userId])

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
    const known = await maybeOne(
      deps.db,
      z.object({ id: z.number() }),
      'SELECT id FROM users WHERE group_key = $1 AND email = $2',
      [tenant.groupKey, email],
    )
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
  await tx.query('UPDATE users SET last_staff_sign_in_at = $2 WHERE id = $1', [pending.user_id, deps.now()])
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
        ? await tx.query(
            'UPDATE staff_recovery_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
            [recovery!, deps.now()],
          )
        : await tx.query(
            'UPDATE staff_mfa SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id',
            [pending.user_id, step],
          )
    if (spent.length === 0) return undefined
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
  const codes = await many(
    deps.db,
    z.object({ id: z.number(), code_hash: z.string() }),
    'SELECT id, code_hash FROM staff_recovery_codes WHERE user_id = $1 AND used_at IS NULL ORDER BY id',
    [userId],
  )
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
    const saved = await tx.query(
      `INSERT INTO staff_mfa (user_id, secret_encrypted, enrolled_at) VALUES ($1, $2, NULL)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, last_used_step = NULL
       WHERE staff_mfa.enrolled_at IS NULL RETURNING user_id`,
      [pending.user_id, sealSecret(deps.totpKey, secret)],
    )
    if (saved.length === 0) throw new Conflict('This account has an authenticator app already: enter its code.')
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
    const confirmed = await tx.query(
      'UPDATE staff_mfa SET enrolled_at = $2, last_used_step = $3 WHERE user_id = $1 AND enrolled_at IS NULL RETURNING user_id',
      [pending.user_id, deps.now(), step],
    )
    if (confirmed.length === 0) throw new Conflict('This account has an authenticator app already: enter its code.')
    await tx.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [pending.user_id])
    for (const hash of hashes)
      await tx.query('INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES ($1, $2)', [pending.user_id, hash])
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
