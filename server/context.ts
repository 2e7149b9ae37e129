import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AuthSession, PublicConfig } from '#schemas/runtime.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { StaffRole } from '#schemas/engine/contract.ts'
import type { SessionUser, Sessions } from './platform/auth/sessions.ts'
import { SESSION_COOKIE } from './platform/auth/sessions.ts'
import type { Signer } from './platform/auth/signing.ts'
import type { Csrf } from './platform/http/csrf.ts'
import { siteCookies, type SiteCookies } from './platform/http/cookies.ts'
import type { ScryptCost } from './platform/auth/passwords.ts'
import type { DbContentService } from './features/content/index.ts'
import type { Database } from './platform/db/database.ts'
import { staffRolesOf } from './features/staff/index.ts'
import type { Env } from './env.ts'
import type { Logger } from './platform/logger.ts'
import type { Mailer } from './platform/mail/mailer.ts'
import type { CaptchaVerifier } from './platform/captcha.ts'
import type { RateLimitName, RateLimits } from './platform/rate-limits.ts'
import type { PaymentProcessor } from './platform/payments/payments.ts'
import type { CspReports, RumCollector } from './features/monitoring/index.ts'
import { endpointsFor, HttpError, type Access } from './platform/http/endpoint.ts'

/** The services the API works with, created once at start-up. */
export interface ApiDeps {
  env: Env
  logger: Logger
  db: Database
  content: DbContentService
  sessions: Sessions
  /** The rate limits of unauthenticated senders and probes (kept in the database). */
  limits: RateLimits
  mailer: Mailer
  payments: PaymentProcessor
  captcha: CaptchaVerifier
  /** Real-user monitoring events (the sandbox collector). */
  monitoring: RumCollector
  /** Content-Security-Policy violations browsers report. */
  cspReports: CspReports
  signer: Signer
  /** CSRF tokens, bound to the session (rotated at sign-in and sign-out). */
  csrf: Csrf
  hashCost: ScryptCost
  /** The key that seals staff TOTP secrets, derived from the app secret (server/platform/auth/totp.ts). */
  totpKey: Buffer
  now: () => Date
}

/** One request's context: its tenant, the signed-in user (if any) and the services. */
export interface ApiContext extends ApiDeps {
  tenant: Tenant
  /** The signed-in user; never a staff sign-in still waiting for its second factor. */
  user: SessionUser | undefined
  /** A staff sign-in waiting for its second factor (its password checked): only for `second-factor` endpoints. */
  pendingStaff: SessionUser | undefined
  /** The signed-in user's staff roles (read for staff endpoints only; empty elsewhere). */
  staffRoles: readonly StaffRole[]
  sessionId: string | undefined
  /** The client's address, for throttling. */
  address: string
  /** The tenant's public runtime configuration (what the browser may know). */
  config: PublicConfig
  /** This request's cookies (Secure and `__Host-` over HTTPS). */
  cookies: SiteCookies
}

/** The signed-in user of an endpoint whose access is not public (mount has checked it). */
export function userOf(ctx: ApiContext): SessionUser {
  if (!ctx.user) throw new HttpError(401, 'Sign in to continue')
  return ctx.user
}

/** The session as the site's pages see it: a staff account that is no content manager has no site role. */
export const siteSession = (user: SessionUser | undefined): AuthSession =>
  user
    ? { isAuthenticated: true, email: user.email, ...(user.role === 'staff' ? {} : { role: user.role }) }
    : { isAuthenticated: false }

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  if (trustProxy && forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
    return 'local'
  }
}

/** Resolves a request's context and enforces who may call: 401 without a session, 403 for the wrong role. */
export function contextResolver(
  deps: ApiDeps,
  resolveTenant: (host: string | undefined) => Tenant,
  publicConfig: (tenant: Tenant) => PublicConfig,
) {
  return async (c: Context, access: Access): Promise<ApiContext> => {
    const tenant = resolveTenant(c.req.header('host'))
    const cookies = siteCookies(c, deps.env.TRUST_PROXY)
    const sessionId = cookies.get(SESSION_COOKIE)
    const session = await deps.sessions.resolve(sessionId, tenant.groupKey, deps.now())
    // A staff sign-in waiting for its second factor is no session, except for that step.
    const user = session?.mfa_pending ? undefined : session
    const pendingStaff = session?.mfa_pending ? session : undefined
    let staffRoles: readonly StaffRole[] = []
    if (access === 'second-factor') {
      if (!pendingStaff) throw new HttpError(401, 'Sign in with your email and password first')
    } else if (access !== 'public') {
      if (!user) throw new HttpError(401, 'Sign in to continue')
      if (typeof access === 'object') {
        staffRoles = await staffRolesOf(deps.db, tenant.groupKey, user.user_id)
        if (!staffRoles.some((role) => access.staff.includes(role)))
          throw new HttpError(403, 'Your staff roles do not allow this')
        // Staff work needs both factors: a content manager's session from the site's sign-in has
        // the password only, whatever roles the account holds.
        if (!user.second_factor) throw new HttpError(401, 'Sign in to the console with your authenticator app')
      } else if (user.role !== access) throw new HttpError(403, 'Only members may do this')
    }
    return {
      ...deps,
      tenant,
      user,
      pendingStaff,
      staffRoles,
      sessionId,
      address: clientAddress(c, deps.env.TRUST_PROXY),
      config: publicConfig(tenant),
      cookies,
    }
  }
}

export const BOT_CHECK_FAILED = 'The bot check failed. Reload the page and try again.'

/**
 * What a form that anyone can send passes before its work: the bot check (reCAPTCHA Enterprise,
 * when ENABLE_RECAPTCHA is on: the browser's token for `action` in `x-recaptcha-token`), then
 * each rate limit, counted before the work runs (429 with Retry-After past one).
 */
export async function guardSender(
  ctx: ApiContext,
  c: Context,
  action: string,
  limits: readonly (readonly [RateLimitName, string])[],
): Promise<void> {
  if (ctx.env.ENABLE_RECAPTCHA && !(await ctx.captcha.verify(c.req.header('x-recaptcha-token') ?? '', action)))
    throw new HttpError(400, BOT_CHECK_FAILED)
  for (const [name, identity] of limits) await ctx.limits.take(name, identity)
}

/** Declares an endpoint of the site's API. */
export const endpoint = endpointsFor<ApiContext>()
