import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

export const CSRF_COOKIE = 'csrf'
export const CSRF_HEADER = 'csrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const newToken = () => randomBytes(32).toString('base64url')

/** Compares two secrets in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * CSRF protection: every visitor gets a random token in an HttpOnly cookie, and the page
 * carries it in `<meta name="csrf-token">`. A state-changing request must send the token in
 * the `csrf-token` header; without it, or with another, it answers 403 whatever the route.
 */
export function csrf(options: { secure: (url: URL) => boolean; exempt?: readonly string[] }): MiddlewareHandler<{ Variables: { csrfToken: string } }> {
  return async (c, next) => {
    let token = getCookie(c, CSRF_COOKIE)
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      token = newToken()
      setCookie(c, CSRF_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: options.secure(new URL(c.req.url)),
      })
    }
    c.set('csrfToken', token)
    if (!SAFE_METHODS.has(c.req.method) && !options.exempt?.includes(c.req.path)) {
      const sent = c.req.header(CSRF_HEADER)
      if (!sent || !sameToken(sent, token)) {
        return c.json({ message: 'Missing or invalid csrf-token header' }, 403)
      }
    }
    await next()
  }
}
