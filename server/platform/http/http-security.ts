import { randomBytes } from 'node:crypto'
import { monitoringApi } from '#schemas/api/monitoring.ts'

/**
 * Whether a request came over HTTPS: to this server itself, or to the TLS proxy in front of it when
 * that proxy is trusted (`TRUST_PROXY`: its `X-Forwarded-Proto`, first hop).
 */
export function isHttps(url: string, forwardedProto: string | undefined, trustProxy: boolean): boolean {
  return url.startsWith('https:') || (trustProxy && forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https')
}

/** Features no page of the site uses: a script that got in cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'

/** HSTS: one year, for this host and its subdomains (sent only over HTTPS, where browsers take it). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Headers of every answer (pages, the API, assets, errors): no type sniffing, the referrer's origin
 * only to other sites, no opener across origins, no powerful features, and HSTS over HTTPS.
 * X-Frame-Options is for browsers without CSP's frame-ancestors (pages set both).
 */
export function baseSecurityHeaders(https: boolean): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['X-Frame-Options', 'DENY'],
    ...(https ? [['Strict-Transport-Security', HSTS] as [string, string]] : []),
  ]
}

/** Where browsers send CSP violation reports (server/features/monitoring/monitoring-routes.ts stores them). */
export const CSP_REPORT_PATH = monitoringApi.cspReport.path
/** The Reporting API's name for that endpoint (`Reporting-Endpoints`, `report-to`). */
export const CSP_REPORT_GROUP = 'csp'

export interface PolicyOptions {
  /** This response's nonce: only scripts that carry it run (and what they load: 'strict-dynamic'). */
  nonce: string
  /** Who may frame the page: nobody, or pages of this origin (the playground's preview frame). */
  frameAncestors: 'none' | 'self'
  /** Origins the page may frame (the payment processor's card fields; the playground its preview). */
  frameSrc: readonly string[]
  /** Origins scripts may send to besides this one (an external monitoring intake). */
  connectSrc?: readonly string[]
  /** The playground's form validator (ajv) compiles schemas to functions; no page of the site does. */
  allowEval?: boolean
}

/**
 * A strict Content-Security-Policy (the second wall behind the sanitiser): a script runs only when
 * it carries this response's nonce or was loaded by one that does; no plugins, no `<base>`, no
 * framing by other sites, forms post to this origin only, and everything else from this origin.
 * `https:` and `'unsafe-inline'` are ignored by browsers that know nonces and 'strict-dynamic'
 * (every current one); they only keep older browsers working, as Google's strict CSP advises.
 */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const list = (values: readonly string[]) => (values.length ? values.join(' ') : "'none'")
  return [
    "default-src 'self'",
    `script-src 'nonce-${options.nonce}' 'strict-dynamic'${options.allowEval ? " 'unsafe-eval'" : ''} https: 'unsafe-inline'`,
    // React and the site's components set style attributes, and the page inlines its stylesheet.
    "style-src 'self' 'unsafe-inline'",
    // Content's images: this site, an https address, an inline data:image.
    "img-src 'self' data: https:",
    ['connect-src', "'self'", ...(options.connectSrc ?? [])].join(' '),
    `frame-src ${list(options.frameSrc)}`,
    `frame-ancestors '${options.frameAncestors}'`,
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ')
}

/** A fresh nonce for one response (128 random bits). */
export const newNonce = (): string => randomBytes(16).toString('base64')
