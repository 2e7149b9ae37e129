import { z } from '#schemas/engine/zod.ts'
import { authApi } from '#schemas/api/members.ts'
import { CHECKOUT_COOKIE } from '#schemas/api/checkout.ts'
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts'
import { rotateCsrfToken } from '../../platform/http/csrf.ts'
import { changePassword, checkCredentials, mailPasswordReset, setNewPassword, signUp } from './accounts.ts'
import { endpoint, guardSender, siteSession, userOf } from '../../context.ts'
import { HttpError } from '../../platform/http/endpoint.ts'
import { pageLanguage } from '../content/index.ts'

const INVALID_LOGIN = 'Invalid email or password'
const RESET_SENT = 'If an account uses this email address, we have sent it a link to choose a new password.'

/** Sign-in, session check, sign-out and password reset (the accounts' rules: server/features/members/accounts.ts). */
export const authRoutes = [
  endpoint(authApi.login, async ({ body, ctx, c }) => {
    const { email, password } = body
    // Each attempt is counted before its password is checked: a burst in parallel cannot pass
    // the limit. Per address, and per account and address (nobody can lock a member out: the
    // member's own address has its own count).
    const accountKey = `${ctx.tenant.groupKey}|${email}|${ctx.address}`
    await guardSender(ctx, c, 'login', [
      ['signInAddress', ctx.address],
      ['signInAccount', accountKey],
    ])
    // The same answer whether the account exists or not.
    const account = await checkCredentials(ctx, email, password)
    // A staff account that is neither member nor content manager signs in at the console only,
    // with its second factor: here it is refused like a wrong password.
    if (!account || account.role === 'staff') throw new HttpError(401, INVALID_LOGIN)
    // Only failures spend the address's attempts; a success clears its account's count.
    await ctx.limits.giveBack('signInAddress', ctx.address)
    await ctx.limits.clear('signInAccount', accountKey)
    // A fresh session id on every sign-in; the old one (if any) ends.
    await ctx.sessions.destroy(ctx.sessionId)
    const id = await ctx.sessions.create(ctx.db, account.id, ctx.tenant.groupKey, ctx.now())
    ctx.cookies.set(SESSION_COOKIE, id)
    rotateCsrfToken(c, ctx.csrf, id)
    return { isAuthenticated: true as const, email: account.email, role: account.role }
  }),

  endpoint(authApi.session, ({ ctx }) => Promise.resolve(siteSession(ctx.user))),

  endpoint(authApi.logout, async ({ ctx, c }) => {
    await ctx.sessions.destroy(ctx.sessionId)
    ctx.cookies.delete(SESSION_COOKIE)
    // The checkout's personal data (name, address, dependents) is not left to the next person at this browser.
    ctx.cookies.delete(CHECKOUT_COOKIE)
    rotateCsrfToken(c, ctx.csrf, undefined)
    return { ok: true as const }
  }),

  endpoint(authApi.resetPasswordEmail, async ({ body, ctx, c }) => {
    const { email } = body
    await guardSender(ctx, c, 'reset_password', [
      ['resetAddress', ctx.address],
      ['resetRecipient', `${ctx.tenant.groupKey}|${email}`],
    ])
    await mailPasswordReset(ctx, email, await pageLanguage(c.req.header('accept-language'), ctx))
    return { ok: true as const, message: RESET_SENT }
  }),

  endpoint(authApi.setNewPassword, async ({ body, ctx }) => {
    await setNewPassword(ctx, body.token, body.password)
    return { ok: true as const, message: 'Your password is changed. Sign in with it now.' }
  }),

  endpoint(authApi.changePassword, async ({ body, ctx }) => {
    await changePassword(ctx, { userId: userOf(ctx).user_id, sessionId: ctx.sessionId }, body)
    return { ok: true as const, message: 'Your password is changed. You are signed out everywhere else.' }
  }),

  endpoint(authApi.validateEmail, ({ body }) => {
    const { email } = body
    const result = z.email().safeParse(email.trim())
    if (!result.success) return Promise.resolve({ valid: false, message: 'Enter a valid email address' })
    const suggestion = suggestEmail(result.data)
    return Promise.resolve(suggestion ? { valid: true, message: `Did you mean ${suggestion}?` } : { valid: true })
  }),

  endpoint(authApi.signup, async ({ body, ctx, c }) => {
    await guardSender(ctx, c, 'signup', [['signup', ctx.address]])
    await signUp(ctx, body)
    return { ok: true as const, message: 'Check your email to continue.' }
  }),
]

/** Mail domains whose misspellings are worth a question while the address is typed. */
const COMMON_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'comcast.net',
  'live.com',
  'msn.com',
  'protonmail.com',
]

/** The address with a common domain it is one or two typing mistakes away from, if any. */
export function suggestEmail(email: string): string | undefined {
  const at = email.lastIndexOf('@')
  const domain = email.slice(at + 1).toLowerCase()
  if (COMMON_DOMAINS.includes(domain)) return undefined
  const near = COMMON_DOMAINS.find((candidate) => editDistance(domain, candidate) <= (candidate.length > 8 ? 2 : 1))
  return near ? `${email.slice(0, at)}@${near}` : undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]!
}
