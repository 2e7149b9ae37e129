import { randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import { authApi } from '#schemas/api/auth.ts'
import { decoyHash, hashPassword, newPasswordProblems, verifyPassword } from '../auth/passwords.ts'
import { SESSION_COOKIE, tokenHash } from '../auth/sessions.ts'
import { CHECKOUT_COOKIE } from '#schemas/api/checkout.ts'
import { rotateCsrfToken } from '../csrf.ts'
import { maybeOne } from '../db/database.ts'
import { endpoint, guardSender } from './context.ts'
import { HttpError } from './endpoint.ts'

const INVALID_LOGIN = 'Invalid email or password'
const RESET_SENT = 'If an account uses this email address, we have sent it a link to choose a new password.'
const credentialsRow = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(['member', 'editor']),
  password_hash: z.string(),
})

/** Sign-in, session check, sign-out and password reset. */
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
    const account = await maybeOne(
      ctx.db,
      credentialsRow,
      'SELECT id, email, role, password_hash FROM users WHERE group_key = $1 AND email = $2',
      [ctx.tenant.groupKey, email],
    )
    // The same work, the same answer, whether the account exists or not.
    const valid = await verifyPassword(password, account?.password_hash ?? (await decoyHash(ctx.hashCost)))
    if (!account || !valid) throw new HttpError(401, INVALID_LOGIN)
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

  endpoint(authApi.session, ({ ctx }) =>
    Promise.resolve(
      ctx.user ? { isAuthenticated: true, email: ctx.user.email, role: ctx.user.role } : { isAuthenticated: false },
    ),
  ),

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
    // The same work whether the account exists or not, so the time says nothing either: one
    // statement that looks the account up and keeps a link for it if there is one, and one mail.
    const token = randomBytes(32).toString('base64url')
    const account = await maybeOne(
      ctx.db,
      z.object({ first_name: z.string() }),
      `WITH account AS (SELECT id, first_name FROM users WHERE group_key = $1 AND email = $2),
            kept AS (INSERT INTO password_resets (token_hash, group_key, user_id, expires_at) SELECT $3, $1, id, $4 FROM account)
       SELECT first_name FROM account`,
      [ctx.tenant.groupKey, email, tokenHash(token), new Date(ctx.now().getTime() + ctx.env.RESET_TOKEN_TTL_MS)],
    )
    // Built from the tenant's configured address, never from the request's Host header.
    const at = (path: string) => new URL(path, ctx.tenant.publicUrl).href
    await ctx.mailer.send({
      groupKey: ctx.tenant.groupKey,
      to: email,
      subject: `Choose a new password for ${ctx.tenant.companyName}`,
      text: account
        ? `Hello ${account.first_name},\n\nUse this link within ${Math.round(ctx.env.RESET_TOKEN_TTL_MS / 60_000)} minutes to choose a new password:\n${at(`/reset-password?token=${token}`)}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`
        : `Hello,\n\nSomeone asked to reset the password of an account at ${ctx.tenant.companyName} with this email address, but no account uses it. If it was you, you may have joined with another address: ask again with that one at ${at('/reset-password')}.\n\nIf it was not you, ignore this message.`,
    })
    return { ok: true as const, message: RESET_SENT }
  }),

  endpoint(authApi.setNewPassword, async ({ body, ctx }) => {
    const { token, password } = body
    const reset = await maybeOne(
      ctx.db,
      z.object({
        user_id: z.number(),
        expires_at: z.coerce.date(),
        used_at: z.nullable(z.coerce.date()),
        email: z.string(),
      }),
      'SELECT r.user_id, r.expires_at, r.used_at, u.email FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 AND r.group_key = $2',
      [tokenHash(token), ctx.tenant.groupKey],
    )
    if (!reset || reset.used_at || reset.expires_at < ctx.now())
      throw new HttpError(400, 'This link has expired or was already used. Ask for a new one.')
    const problems = newPasswordProblems(password, reset.email)
    if (problems.length)
      throw new HttpError(
        422,
        `Validation error: ${problems.join('; ')}`,
        problems.map((message) => ({ path: ['body', 'password'], message })),
      )
    const hash = await hashPassword(password, ctx.hashCost)
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, reset.user_id])
      // This link and every other outstanding link of the account end with the reset.
      await tx.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        reset.user_id,
        ctx.now(),
      ])
      await ctx.sessions.destroyAllOf(tx, reset.user_id)
    })
    await ctx.mailer.send({
      groupKey: ctx.tenant.groupKey,
      to: reset.email,
      subject: `Your ${ctx.tenant.companyName} password was changed`,
      text: `Hello,\n\nThe password of your account at ${ctx.tenant.companyName} was changed just now, through a reset link, and every session of the account was signed out.\n\nIf it was not you, choose a new password at ${new URL('/reset-password', ctx.tenant.publicUrl).href} and call us.`,
    })
    return { ok: true as const, message: 'Your password is changed. Sign in with it now.' }
  }),

  endpoint(authApi.validateEmail, ({ body }) => {
    const { email } = body
    const result = z.email().safeParse(email.trim())
    if (!result.success) return Promise.resolve({ valid: false, message: 'Enter a valid email address' })
    const suggestion = suggestEmail(result.data)
    return Promise.resolve(suggestion ? { valid: true, message: `Did you mean ${suggestion}?` } : { valid: true })
  }),

  endpoint(authApi.signup, async ({ body, ctx, c }) => {
    const input = body
    await guardSender(ctx, c, 'signup', [['signup', ctx.address]])
    const problems = newPasswordProblems(input.password, input.email)
    if (problems.length)
      throw new HttpError(
        422,
        `Validation error: ${problems.join('; ')}`,
        problems.map((message) => ({ path: ['body', 'password'], message })),
      )
    const hash = await hashPassword(input.password, ctx.hashCost)
    const created = await ctx.db.query(
      `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone) VALUES ($1, $2, $3, 'member', $4, $5, $6)
       ON CONFLICT (group_key, email) DO NOTHING RETURNING id`,
      [ctx.tenant.groupKey, input.email, hash, input.firstName, input.lastName, input.phone ?? null],
    )
    await ctx.mailer.send({
      groupKey: ctx.tenant.groupKey,
      to: input.email,
      subject: created.length
        ? `Welcome to ${ctx.tenant.companyName}`
        : `Someone tried to create an account with your email`,
      text: created.length
        ? `Hello ${input.firstName},\n\nYour account is ready. Sign in at ${new URL('/member-login', ctx.tenant.publicUrl).href}.`
        : `Someone tried to create an account at ${ctx.tenant.companyName} with this email address, which already has one. If it was you, sign in or reset your password at ${new URL('/member-login', ctx.tenant.publicUrl).href}.`,
    })
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
