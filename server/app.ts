import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import type { ToolPage } from './build-files.ts'
import { isbot } from 'isbot'
import type { BlockRegistry } from '#engine'
import { escapeHtml, HEAD_PLACEHOLDER, renderDocument, withNonce, type ServerRenderer } from '#engine/server'
import type { PublicConfig } from '#schemas/runtime.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import { canSeeDraft, DRAFT_FORBIDDEN, PREVIEW_TOKEN_COOKIE } from './features/content/cms-routes.ts'
import { apiEndpoints, routeBodyLimits } from './features/registry.ts'
import { contextResolver, siteSession, type ApiDeps } from './context.ts'
import { HttpError, mount, openApiDocument } from './platform/http/endpoint.ts'
import { monitoringApi } from '#schemas/api/monitoring.ts'
import { addressCheck } from './platform/http/address-check.ts'
import type { AssetResolver } from './assets.ts'
import { bodyLimits } from './platform/http/body-limit.ts'
import { UnknownVersionError, WORKING } from './features/content/content-service.ts'
import { StaleDraftError } from './features/content/db-content-service.ts'
import { siteCookies } from './platform/http/cookies.ts'
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  isHttps,
  newNonce,
} from './platform/http/http-security.ts'
import { isDatabaseUnavailable } from './platform/db/database.ts'
import { monitoringConfig, paymentFieldsPort } from './env.ts'
import { PaymentDeclined, PaymentFailed } from './platform/payments/payments.ts'
import { Conflict, Invalid, NotFound, RateLimited, Refused } from './platform/errors.ts'
import { InvalidTransition } from '#schemas/membership-lifecycle.ts'
import { createTenantResolver } from './tenants.ts'
import { outbox, outboxPage } from './platform/mail/dev-outbox.ts'
import { projectRoot } from './paths.ts'

/** What the server needs of the site: its renderer and how block names map to source modules. */
export interface SiteModule {
  render: ServerRenderer
  registry: BlockRegistry
  blockModules: (name: string) => string[]
}

export interface AppOptions {
  deps: ApiDeps
  tenants: TenantsConfig
  /** The site's server entry: imported once in production, through Vite (fresh) in development. */
  loadSite: () => Promise<SiteModule>
  /** The HTML template for a URL (index.html; in development transformed by Vite). */
  template: (url: string) => Promise<string>
  /** The tools' pages (client-rendered): the playground's editor and preview frame, and the staff console. */
  toolTemplate: (page: ToolPage, url: string) => Promise<string>
  assets: AssetResolver
  buildId: string
}

type AppEnv = { Variables: { tenant: Tenant; csrfToken: () => string; cspNonce: () => string } }

const TENANT_FILE = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp|ico)$/
const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
}

/**
 * Crawlers stay out of the API, the sign-in and checkout steps, the playground, the staff console and the outbox. The
 * member pages are not listed: they answer a visitor without a session (a crawler) with a redirect
 * to sign in, so nothing of theirs can be indexed, and a rule here only made them fail the SEO
 * audit of a signed-in visit (Lighthouse reads robots.txt as a crawler would).
 */
const ROBOTS = [
  'User-agent: *',
  'Disallow: /api/',
  'Disallow: /checkout',
  'Disallow: /member-login',
  'Disallow: /reset-password',
  'Disallow: /renewal',
  'Disallow: /playground',
  'Disallow: /console',
  'Disallow: /dev/',
  '',
].join('\n')

export { apiEndpoints }

/** The HTTP application: API, tenant assets and server-rendered pages. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { deps } = options
  const { env, logger } = deps
  const resolveTenant = createTenantResolver(options.tenants)
  const app = new Hono<AppEnv>()

  const monitoring = monitoringConfig(env)
  const publicConfig = (tenant: Tenant): PublicConfig => ({
    companyName: tenant.companyName,
    officeLoginUrl: tenant.officeLoginUrl,
    publicUrl: tenant.publicUrl,
    siteSlug: tenant.siteSlug ?? tenant.groupKey,
    idleAuthMilliseconds: env.IDLE_AUTH_MS,
    idleSessionMilliseconds: env.IDLE_SESSION_MS,
    enableRecaptcha: env.ENABLE_RECAPTCHA,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    buildId: options.buildId,
    monitoring,
    paymentFields: env.PAYMENT_FIELDS_ORIGIN
      ? { origin: new URL(env.PAYMENT_FIELDS_ORIGIN).origin }
      : { port: paymentFieldsPort(env) },
  })
  const resolveContext = contextResolver(deps, resolveTenant, publicConfig)

  const https = (c: Context) => isHttps(c.req.url, c.req.header('x-forwarded-proto'), env.TRUST_PROXY)
  /** The sandbox processor's card fields' origin: configured, or this host on their port (as the browser finds it, blocks/kit/checkout/card-fields.tsx). */
  const cardFieldsOrigin = (c: Context): string | undefined => {
    if (env.PAYMENT_FIELDS_ORIGIN) return new URL(env.PAYMENT_FIELDS_ORIGIN).origin
    const port = paymentFieldsPort(env)
    return port === undefined
      ? undefined
      : `${https(c) ? 'https' : 'http'}://${new URL(`http://${c.req.header('host') ?? 'localhost'}`).hostname}:${port}`
  }
  const rumIntake =
    monitoring && /^https?:\/\//.test(monitoring.intakeUrl) ? [new URL(monitoring.intakeUrl).origin] : []
  /** The policy of an HTML answer: the site's pages frame the card fields; the playground its preview, which only it may frame. */
  const policyFor = (c: Context, nonce: string) => {
    const playground = c.req.path === '/playground' || c.req.path.startsWith('/playground/')
    const preview = c.req.path === '/playground/preview'
    const cards = cardFieldsOrigin(c)
    return contentSecurityPolicy({
      nonce,
      frameAncestors: preview ? 'self' : 'none',
      frameSrc: [...(playground && !preview ? ["'self'"] : []), ...(cards ? [cards] : [])],
      connectSrc: rumIntake,
      allowEval: playground,
    })
  }

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('tenant', resolveTenant(c.req.header('host')))
    // Made when a page first asks for it: an API or asset answer needs none (a nonce is 16 random bytes).
    let nonce: string | undefined
    const cspNonce = () => (nonce ??= newNonce())
    c.set('cspNonce', cspNonce)
    await next()
    for (const [name, value] of baseSecurityHeaders(https(c))) if (!c.res.headers.has(name)) c.header(name, value)
    // Every HTML answer has a policy: a page's scripts carry this nonce; an error page has none to run.
    if (c.res.headers.get('content-type')?.startsWith('text/html') && !c.res.headers.has('Content-Security-Policy')) {
      c.header('Content-Security-Policy', policyFor(c, cspNonce()))
      c.header('Reporting-Endpoints', `${CSP_REPORT_GROUP}="${new URL(CSP_REPORT_PATH, c.req.url).href}"`)
    }
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        tenant: c.get('tenant').groupKey,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })

  // Before anything reads the request: its body within its route's limit, its address text.
  app.use(
    bodyLimits({
      defaultBytes: env.BODY_LIMIT_BYTES,
      routes: routeBodyLimits,
    }),
  )
  app.use(addressCheck)

  // CORS: only the tenant's own origin (the one this host serves), never another tenant's, never "null".
  app.use('/api/*', async (c, next) => {
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
  })

  // The monitoring intake and CSP reports come from beacons and browsers' reporting (which send no
  // headers of ours); they read no cookie and change nobody's data, so they need no csrf token.
  app.use(deps.csrf.middleware({ exempt: [monitoringApi.intake.path, CSP_REPORT_PATH] }))

  // The API's answers are never cached: a member's data, a checkout's, a session's (an answer may set its own).
  app.use('/api/*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })

  // A preview link carries its token once; a cookie keeps it for the pages and fetches that follow.
  app.use(async (c, next) => {
    const token = c.req.query('preview_token')
    if (token && token.length < 400) siteCookies(c, env.TRUST_PROXY).set(PREVIEW_TOKEN_COOKIE, token)
    await next()
  })

  const api = new Hono()
  mount(api, apiEndpoints, resolveContext)
  api.get('/api/openapi.json', (c) =>
    c.json(openApiDocument(apiEndpoints, { title: 'Dental membership site API', version: '1' })),
  )
  app.route('/', api)
  app.all('/api/*', (c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404))

  // Search engines: the public pages; not the API, the member and checkout pages, or the tools.
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(ROBOTS)
  })

  app.get('/builds/latest.json', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ id: options.buildId })
  })

  app.get('/tenant/:groupKey/:file', async (c) => {
    const { groupKey, file } = c.req.param()
    const known = options.tenants.tenants.some((tenant) => tenant.groupKey === groupKey)
    if (!known || !TENANT_FILE.test(file)) return c.notFound()
    try {
      const body = await readFile(path.join(path.resolve(projectRoot, env.CONTENT_DIR), groupKey, 'public', file))
      c.header('Content-Type', CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(body)
    } catch {
      return c.notFound()
    }
  })

  // The content managers' playground and the staff console: client-side apps; the page carries the csrf token.
  const tool = (page: ToolPage) => async (c: Context<AppEnv>) => {
    const html = await options.toolTemplate(page, c.req.url)
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
  app.get('/playground/preview', tool('preview'))
  app.get('/playground', tool('editor'))
  app.get('/playground/*', tool('editor'))
  app.get('/console', tool('console'))
  app.get('/console/*', tool('console'))

  if (env.EXPOSE_OUTBOX ?? env.NODE_ENV === 'development') {
    app.get('/dev/outbox', async (c) => c.html(await outboxPage(deps.db, c.get('tenant').groupKey)))
    app.get('/dev/outbox.json', async (c) => c.json({ mails: await outbox(deps.db, c.get('tenant').groupKey) }))
  }

  app.get('*', async (c) => {
    const site = await options.loadSite()
    const ctx = await resolveContext(c, 'public')
    const result = await site.render({
      request: c.req.raw,
      config: publicConfig(ctx.tenant),
      isBot: isbot(c.req.header('user-agent') ?? ''),
      sources: {
        content: (version) => {
          if (version !== WORKING) return deps.content.get(ctx.tenant.groupKey, version)
          return canSeeDraft(ctx, c).then((allowed) =>
            allowed ? deps.content.get(ctx.tenant.groupKey, version) : Promise.reject(new Error(DRAFT_FORBIDDEN)),
          )
        },
        session: () => Promise.resolve(siteSession(ctx.user)),
        // Pages' queries run through the same handlers in-process, as this visitor, on this tenant.
        transport: (apiPath, init) => {
          const headers = new Headers(init.headers)
          headers.set('host', c.req.header('host') ?? '')
          const cookie = c.req.header('cookie')
          if (cookie) headers.set('cookie', cookie)
          return Promise.resolve(app.request(apiPath, { ...init, headers }))
        },
      },
    })
    if (result.kind === 'response') return result.response
    // A page that failed may have failed for want of its database: then it is a 503 (onError).
    if (result.status >= 500) await deps.db.query('SELECT 1')
    if (result.kind === 'status') return new Response(null, { status: result.status })
    const assets = options.assets(result.blockNames.flatMap(site.blockModules))
    const html = renderDocument(await options.template(c.req.url), {
      title: result.title,
      favicon: result.favicon,
      description: result.description,
      // Only a page that exists has an address to name; the query (a search, a preview) is not part of it.
      canonical: result.status === 200 ? new URL(c.req.path, ctx.tenant.publicUrl).href : undefined,
      csrfToken: c.get('csrfToken')(),
      nonce: c.get('cspNonce')(),
      html: result.html,
      state: result.state,
      modulePreloads: assets.scripts,
      stylesheets: assets.styles,
    })
    return c.html(html, { status: result.status, headers: { 'Cache-Control': 'no-store' } } as ResponseInit & {
      status: 200
    })
  })

  app.onError((error, c) => {
    const known = toHttpError(error)
    if (known) {
      if (known.status === 503) logger.warn({ err: error, path: c.req.path }, known.message)
      else if (known.status >= 500) logger.error({ err: error, path: c.req.path }, known.message)
      if (c.req.path.startsWith('/api/'))
        return c.json(
          { message: known.message, ...(known.issues ? { issues: known.issues } : {}) },
          known.status,
          known.headers,
        )
    }
    if (!known) logger.error({ err: error, path: c.req.path }, 'Unhandled error')
    if (c.req.path.startsWith('/api/')) return c.json({ message: 'Internal Server Error' }, 500)
    const shown = known && (known.status < 500 || known.status === 503) ? known : undefined
    const title = shown?.status === 503 ? 'Service unavailable' : (shown?.message ?? 'Internal Server Error')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>Please try again in a moment.</p></main></body></html>`,
      shown?.status ?? 500,
      { ...shown?.headers, 'Cache-Control': 'no-store' },
    )
  })

  return app
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
