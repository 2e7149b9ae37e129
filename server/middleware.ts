import type { Context, ErrorHandler, MiddlewareHandler } from 'hono'
import { escapeHtml, HEAD_PLACEHOLDER, withNonce } from '#engine/server'
import type { ToolPage } from './build-files.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import { wordAnswer, type MessageWords } from '#schemas/engine/messages.ts'
import { InvalidTransition } from '#schemas/membership-lifecycle.ts'
import { PREVIEW_TOKEN_COOKIE, StaleDraftError, UnknownVersionError } from './features/content/index.ts'
import { isDatabaseUnavailable } from './platform/db/database.ts'
import { Conflict, Invalid, NotFound, RateLimited, Refused } from './platform/errors.ts'
import { siteCookies } from './platform/http/cookies.ts'
import { HttpError } from './platform/http/endpoint.ts'
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  newNonce,
} from './platform/http/http-security.ts'
import type { Logger } from './platform/logger.ts'
import { PaymentDeclined, PaymentFailed } from './platform/payments/payments.ts'

/** What every request of the app carries: its tenant, and (made when a page asks) its csrf token and CSP nonce. */
export type AppEnv = { Variables: { tenant: Tenant; csrfToken: () => string; cspNonce: () => string } }

/**
 * The policy of an HTML answer: the site's pages frame the card fields (`cardFields`, the sandbox
 * processor's origin as this request reaches it); the playground its preview, which only it may frame.
 */
export function htmlPolicy(options: { rumIntake: readonly string[]; cardFields: (c: Context) => string | undefined }) {
  return (c: Context, nonce: string) => {
    const playground = c.req.path === '/playground' || c.req.path.startsWith('/playground/')
    const preview = c.req.path === '/playground/preview'
    const cards = options.cardFields(c)
    return contentSecurityPolicy({
      nonce,
      frameAncestors: preview ? 'self' : 'none',
      frameSrc: [...(playground && !preview ? ["'self'"] : []), ...(cards ? [cards] : [])],
      connectSrc: [...options.rumIntake],
      allowEval: playground,
    })
  }
}

/**
 * The frame of every request: its tenant from the Host header and its nonce (made when a page
 * first asks for it), then the security headers, an HTML answer's policy, and the request's log line.
 */
export function requestFrame(options: {
  resolveTenant: (host: string | undefined) => Tenant
  https: (c: Context) => boolean
  policy: (c: Context, nonce: string) => string
  logger: Logger
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    c.set('tenant', options.resolveTenant(c.req.header('host')))
    // Made when a page first asks for it: an API or asset answer needs none (a nonce is 16 random bytes).
    let nonce: string | undefined
    const cspNonce = () => (nonce ??= newNonce())
    c.set('cspNonce', cspNonce)
    await next()
    for (const [name, value] of baseSecurityHeaders(options.https(c)))
      if (!c.res.headers.has(name)) c.header(name, value)
    // Every HTML answer has a policy: a page's scripts carry this nonce; an error page has none to run.
    if (c.res.headers.get('content-type')?.startsWith('text/html') && !c.res.headers.has('Content-Security-Policy')) {
      c.header('Content-Security-Policy', options.policy(c, cspNonce()))
      c.header('Reporting-Endpoints', `${CSP_REPORT_GROUP}="${new URL(CSP_REPORT_PATH, c.req.url).href}"`)
    }
    options.logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        tenant: c.get('tenant').groupKey,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  }
}

/** The content managers' playground and the staff console: client-side apps; the page carries the csrf token. */
export function toolPage(page: ToolPage, template: (page: ToolPage, url: string) => Promise<string>) {
  return async (c: Context<AppEnv>) => {
    const html = await template(page, c.req.url)
    c.header('Cache-Control', 'no-store')
    // No staff page is indexed (robots.txt says the same to crawlers that read it).
    if (page === 'console') c.header('X-Robots-Tag', 'noindex, nofollow')
    // Only the editor frames its preview (CSP frame-ancestors says the same to current browsers).
    if (page === 'preview') c.header('X-Frame-Options', 'SAMEORIGIN')
    return c.html(
      withNonce(
        html.replace(HEAD_PLACEHOLDER, () => `<meta name="csrf-token" content="${escapeHtml(c.get('csrfToken')())}">`),
        c.get('cspNonce')(),
      ),
    )
  }
}

/** CORS for the API: only the tenant's own origin (the one this host serves), never another tenant's, never "null". */
export const tenantOriginCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin')
  const allowed = origin !== undefined && origin === new URL(c.get('tenant').publicUrl).origin
  if (c.req.method === 'OPTIONS' && origin) {
    if (!allowed) return c.body(null, 403)
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Allow-Headers': 'content-type, csrf-token, checkout-token, x-recaptcha-token',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    })
  }
  await next()
  if (allowed) {
    c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Credentials', 'true')
    c.header('Vary', 'Origin')
  }
}

/** The API's answers are never cached: a member's data, a checkout's, a session's (an answer may set its own). */
export const apiNoStore: MiddlewareHandler = async (c, next) => {
  await next()
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
}

/** A preview link carries its token once; a cookie keeps it for the pages and fetches that follow. */
export function previewTokenCookie(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const token = c.req.query('preview_token')
    if (token && token.length < 400) siteCookies(c, trustProxy).set(PREVIEW_TOKEN_COOKIE, token)
    await next()
  }
}

/**
 * What an error becomes: the API answers JSON with the domain error's status (and its issues); a
 * page answers a short HTML page, a 503 when the database is away. The unknown is logged, and answered 500.
 */
export function errorAnswer(
  logger: Logger,
  /** The words of the API's messages in the request's language (its page's: schemas/engine/messages.ts). */
  wordsOf: (c: Context) => Promise<MessageWords | undefined> = () => Promise.resolve(undefined),
): ErrorHandler {
  const apiError = apiErrorAnswer(logger)
  return async (error, c) => {
    if (c.req.path.startsWith('/api/')) {
      const answer = apiError(error, c.req.path)
      const { status, message, issues, headers } = wordAnswer(
        answer,
        answer.status < 500 ? await wordsOf(c) : undefined,
      )
      return c.json({ message, ...(issues ? { issues } : {}) }, status, headers)
    }
    const known = logged(logger, error, c.req.path)
    const shown = known && (known.status < 500 || known.status === 503) ? known : undefined
    const title = shown?.status === 503 ? 'Service unavailable' : (shown?.message ?? 'Internal Server Error')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>Please try again in a moment.</p></main></body></html>`,
      shown?.status ?? 500,
      { ...shown?.headers, 'Cache-Control': 'no-store' },
    )
  }
}

/** The error's HTTP answer when it is a known one; logged when it is a fault (5xx, or unknown). */
function logged(logger: Logger, error: unknown, path: string): HttpError | undefined {
  const known = toHttpError(error)
  if (known?.status === 503) logger.warn({ err: error, path }, known.message)
  else if (known && known.status >= 500) logger.error({ err: error, path }, known.message)
  else if (!known) logger.error({ err: error, path }, 'Unhandled error')
  return known
}

/**
 * What the API answers an error with: its status, `{ message, issues? }` and headers (a 429's or
 * 503's Retry-After); an unknown error is a 500 that says nothing more. Logged as `errorAnswer`
 * logs it. The pages' data called in-process (server/app.ts) gets the same answer.
 */
export function apiErrorAnswer(logger: Logger) {
  return (error: unknown, path: string): Pick<HttpError, 'status' | 'message' | 'issues' | 'headers'> => {
    const known = logged(logger, error, path)
    if (!known) return { status: 500, message: 'Internal Server Error' }
    return { status: known.status, message: known.message, issues: known.issues, headers: known.headers }
  }
}

/** Maps the errors services throw to their HTTP answer. */
function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error
  if (error instanceof ValidationError) return new HttpError(422, error.message, error.issues)
  if (error instanceof UnknownVersionError) return new HttpError(404, error.message)
  if (error instanceof StaleDraftError) return new HttpError(409, error.message)
  // The membership moved meanwhile (a renewal, another tab): the model refuses the move.
  if (error instanceof InvalidTransition) return new HttpError(409, error.message)
  if (error instanceof RateLimited)
    return new HttpError(429, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) })
  if (error instanceof Conflict)
    return new HttpError(
      409,
      error.message,
      error.issues,
      error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) },
    )
  if (error instanceof NotFound) return new HttpError(404, error.message)
  if (error instanceof Invalid) return new HttpError(422, error.message, error.issues)
  if (error instanceof Refused) return new HttpError(400, error.message)
  // A refused card is the visitor's to fix; a processor failure charged nothing.
  if (error instanceof PaymentDeclined)
    return new HttpError(422, error.message, [{ path: ['body', 'card'], message: error.message }])
  if (error instanceof PaymentFailed) return new HttpError(500, error.message)
  // The database is down or restarting: the pool connects again by itself once it is back.
  if (isDatabaseUnavailable(error))
    return new HttpError(503, 'The service is unavailable for a moment. Please try again shortly.', undefined, {
      'Retry-After': '5',
    })
  return undefined
}
