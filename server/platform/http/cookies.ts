import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isHttps } from './http-security.ts'

/**
 * The site's cookies for one request. Over HTTPS (directly, or through a trusted proxy) every
 * cookie is `Secure` and named with the `__Host-` prefix, which browsers accept only from this
 * very host, Secure, on path `/`: a sibling subdomain cannot plant or shadow one. Over plain http
 * (development, the tests on loopback) the same cookies without either. All are HttpOnly and
 * SameSite=Lax.
 */
export function siteCookies(c: Context, trustProxy: boolean) {
  const https = isHttps(c.req.url, c.req.header('x-forwarded-proto'), trustProxy)
  const name = (base: string) => (https ? `__Host-${base}` : base)
  return {
    https,
    name,
    get: (base: string): string | undefined => getCookie(c, name(base)),
    set: (base: string, value: string, options: { expires?: Date } = {}) =>
      setCookie(c, name(base), value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: https, ...options }),
    delete: (base: string) => void deleteCookie(c, name(base), { path: '/', secure: https }),
  }
}
export type SiteCookies = ReturnType<typeof siteCookies>
