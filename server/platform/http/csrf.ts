import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { SESSION_COOKIE } from '../auth/sessions.ts'
import type { Signer } from '../auth/signing.ts'
import { siteCookies } from './cookies.ts'

export const CSRF_COOKIE = 'csrf'
/** The request header a state-changing request carries the token in; answers carry a new token in it too. */
export const CSRF_HEADER = 'csrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const PURPOSE = 'csrf'
export const CSRF_REFUSED = 'Missing or invalid csrf-token header'

/** Compares two secrets in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * CSRF tokens as OWASP's signed double-submit cookie: `random.mac`, where the MAC (the app secret's
 * HMAC) covers the random part and the visitor's session id. The token is in an HttpOnly cookie and
 * in the page (`<meta name="csrf-token">`); a state-changing request must send it in the
 * `csrf-token` header, equal to the cookie and signed for the session it comes with. So a token
 * another visitor got (or a cookie planted by a sibling subdomain, which `__Host-` prevents over
 * HTTPS anyway) is worthless, and signing in or out makes a new one (`rotateCsrfToken`).
 */
export function createCsrf(signer: Signer, trustProxy: boolean) {
  const sign = (random: string, sessionId: string) => signer.tag(PURPOSE, `${sessionId}\n${random}`)
  const make = (sessionId: string) => {
    const random = randomBytes(18).toString('base64url')
    return `${random}.${sign(random, sessionId)}`
  }
  const valid = (token: string | undefined, sessionId: string): token is string => {
    if (!token || token.length > 100) return false
    const [random, tag, extra] = token.split('.')
    return !!random && !!tag && extra === undefined && sameToken(tag, sign(random, sessionId))
  }

  /** Gives the visitor a new token for this session id (its cookie, and the header the API client reads it from). */
  const issue = (c: Context, sessionId: string): string => {
    const token = make(sessionId)
    siteCookies(c, trustProxy).set(CSRF_COOKIE, token)
    c.header(CSRF_HEADER, token)
    return token
  }

  /**
   * The middleware: refuses (403) a state-changing request without a valid token, and gives the
   * token to those who need one: a page or an API answer, through `csrfToken()` or after the
   * request (never a publicly cacheable answer, which must set no cookie).
   */
  const middleware =
    (options: { exempt?: readonly string[] } = {}): MiddlewareHandler<{ Variables: { csrfToken: () => string } }> =>
    async (c, next) => {
      const cookies = siteCookies(c, trustProxy)
      const sessionId = cookies.get(SESSION_COOKIE) ?? ''
      const current = cookies.get(CSRF_COOKIE)
      let token = valid(current, sessionId) ? current : undefined
      const csrfToken = () => (token ??= issue(c, sessionId))
      c.set('csrfToken', csrfToken)
      if (!SAFE_METHODS.has(c.req.method) && !options.exempt?.includes(c.req.path)) {
        const sent = c.req.header(CSRF_HEADER)
        if (!token || !sent || !sameToken(sent, token)) {
          // A page open since its visitor signed in or out elsewhere has an old token: this answer
          // carries a good one, and the API client sends the request again with it once.
          csrfToken()
          return c.json({ message: CSRF_REFUSED }, 403, { 'Cache-Control': 'no-store' })
        }
      }
      await next()
      if (!token && /no-store/.test(c.res.headers.get('Cache-Control') ?? '')) csrfToken()
    }

  return { middleware, issue }
}
export type Csrf = ReturnType<typeof createCsrf>

/** After sign-in or sign-out: a token for the new session (or none), in the cookie and the answer's `csrf-token` header. */
export function rotateCsrfToken(c: Context, csrf: Csrf, sessionId: string | undefined): void {
  csrf.issue(c, sessionId ?? '')
}
