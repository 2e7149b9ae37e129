import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'

export const CSRF_COOKIE = 'csrf'
export const CSRF_HEADER = 'csrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Whether a cookie's value is a token this server could have made. */
export const isCsrfToken = (value: string | undefined): value is string => value !== undefined && TOKEN.test(value)

/** A new token and the Set-Cookie header that gives it to the visitor. */
export function csrfCookie(secure: boolean): { token: string; header: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, header: generateCookie(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure }) }
}

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
    if (!isCsrfToken(token)) {
      const made = csrfCookie(options.secure(new URL(c.req.url)))
      token = made.token
      c.header('Set-Cookie', made.header, { append: true })
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
