import type { Context } from 'hono'
import { staffApi } from '#schemas/api/staff.ts'
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts'
import { rotateCsrfToken } from '../../platform/http/csrf.ts'
import { staffRolesOf } from './staff-roles.ts'
import { staffEnrolFinish, staffEnrolStart, staffPassword, staffVerify } from './staff-auth.ts'
import { endpoint, guardSender, userOf, type ApiContext } from '../../context.ts'
import { HttpError } from '../../platform/http/endpoint.ts'

/**
 * A member, an unknown email and a wrong password get the site's own answer: a 403 "no staff
 * access" would tell anyone with a member's password that it is right, and who is a member.
 */
const INVALID_LOGIN = 'Invalid email or password'

/** The pending sign-in of a `second-factor` endpoint (the context resolver has checked it is there). */
const pendingOf = (ctx: ApiContext) => {
  if (!ctx.pendingStaff) throw new HttpError(401, 'Sign in with your email and password first')
  return ctx.pendingStaff
}

/** A new session id in the cookie, and a csrf token bound to it. */
const startSession = (ctx: ApiContext, c: Context, sessionId: string) => {
  ctx.cookies.set(SESSION_COOKIE, sessionId)
  rotateCsrfToken(c, ctx.csrf, sessionId)
}

/** The staff console's sign-in in two steps (docs/adr/0026; the rules: server/features/staff/staff-auth.ts). */
export const staffRoutes = [
  endpoint(staffApi.signIn, async ({ body, ctx, c }) => {
    const accountKey = `${ctx.tenant.groupKey}|${body.email}|${ctx.address}`
    // Throttled as the site's sign-in, with the same counts.
    await guardSender(ctx, c, 'staff_sign_in', [
      ['signInAddress', ctx.address],
      ['signInAccount', accountKey],
    ])
    const signedIn = await staffPassword(ctx, body.email, body.password)
    if (!signedIn) throw new HttpError(401, INVALID_LOGIN)
    await ctx.limits.giveBack('signInAddress', ctx.address)
    await ctx.limits.clear('signInAccount', accountKey)
    await ctx.sessions.destroy(ctx.sessionId)
    startSession(ctx, c, signedIn.sessionId)
    return { next: signedIn.next }
  }),

  endpoint(staffApi.verify, async ({ body, ctx, c }) => {
    const { sessionId, email, roles } = await staffVerify(ctx, pendingOf(ctx), ctx.sessionId, body.code)
    startSession(ctx, c, sessionId)
    return { email, roles }
  }),

  endpoint(staffApi.enrolStart, ({ ctx }) => staffEnrolStart(ctx, pendingOf(ctx))),

  endpoint(staffApi.enrolFinish, async ({ body, ctx, c }) => {
    const { sessionId, ...answer } = await staffEnrolFinish(ctx, pendingOf(ctx), ctx.sessionId, body.code)
    startSession(ctx, c, sessionId)
    return answer
  }),

  endpoint(staffApi.me, async ({ ctx }) => {
    const user = userOf(ctx)
    return { email: user.email, roles: await staffRolesOf(ctx.db, ctx.tenant.groupKey, user.user_id) }
  }),
]
