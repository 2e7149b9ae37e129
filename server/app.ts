import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import type { ToolPage } from './build-files.ts'
import { isbot } from 'isbot'
import { detectFromCookie, detectFromHeader, type DetectorOptions } from 'hono/language'
import {
  BLOCK_CHUNKS_PATH,
  LANGUAGE_CHOICE_PATH,
  localePath,
  ONE_LANGUAGE,
  type ApiTransport,
  type BlockChunks,
  type BlockRegistry,
  type SiteContent,
  type SiteDefinition,
  type SiteLanguage,
} from '#engine'
import type { SiteManifest } from '#engine/server'
import {
  alternates,
  languageChoice,
  LOCALE_COOKIE,
  publicPaths,
  renderDocument,
  sitemapXml,
  suggestionHtml,
  type RenderResult,
  type ServerRenderer,
} from '#engine/server'
import type { ContractResponse } from '#schemas/engine/contract.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import { canSeeDraft, DRAFT_FORBIDDEN, messageWords, WORKING } from './features/content/index.ts'
import { apiEndpoints, routeBodyLimits } from './features/registry.ts'
import { contextResolver, siteSession, type ApiDeps } from './context.ts'
import { mount, openApiDocument } from './platform/http/endpoint.ts'
import { inProcessCalls } from './platform/http/in-process.ts'
import { monitoringApi } from '#schemas/api/monitoring.ts'
import { addressCheck } from './platform/http/address-check.ts'
import type { AssetResolver } from './assets.ts'
import { bodyLimits } from './platform/http/body-limit.ts'
import { CSP_REPORT_PATH, isHttps } from './platform/http/http-security.ts'
import { monitoringConfig, paymentFieldsPort } from './env.ts'
import {
  apiErrorAnswer,
  apiNoStore,
  errorAnswer,
  htmlPolicy,
  previewTokenCookie,
  requestFrame,
  tenantOriginCors,
  toolPage,
  type AppEnv,
} from './middleware.ts'
import { createTenantResolver } from './tenants.ts'
import { outbox, outboxPage } from './platform/mail/dev-outbox.ts'
import { projectRoot } from './paths.ts'
import { siteCookies } from './platform/http/cookies.ts'

/** What the server needs of the site: its renderer, how block names map to source modules, its registration and routes. */
export interface SiteModule {
  render: ServerRenderer
  registry: BlockRegistry
  blockModules: (name: string) => string[]
  site: SiteDefinition
  manifest: SiteManifest
  /** The content's pages that the manifest's patterns cannot list (landing pages), for the sitemap. */
  sitemap?: (content: SiteContent) => readonly string[]
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
  /** What a page's modules load when asked (their schemas, dialogs): fetched ahead, run when needed. */
  lazyAssets?: AssetResolver
  buildId: string
}

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
const DISALLOWED_PAGES = ['/checkout', '/member-login', '/reset-password', '/renewal']
const DISALLOWED_PATHS = ['/api/', '/playground', '/console', '/dev/', LANGUAGE_CHOICE_PATH]
/** Whether a site path (without a language's prefix) is one crawlers are asked to leave alone. */
const disallowed = (path: string) =>
  [...DISALLOWED_PAGES, ...DISALLOWED_PATHS].some((prefix) => path.startsWith(prefix))
/** The rules (the site's pages in every published language: `/es/checkout` too), and where the sitemap is. */
const robots = (origin: string, languages: readonly SiteLanguage[], defaultLocale: string) =>
  [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    ...[defaultLocale, ...languages.map((language) => language.code).filter((code) => code !== defaultLocale)].flatMap(
      (code) => DISALLOWED_PAGES.map((page) => `Disallow: ${localePath(page, code, defaultLocale)}`),
    ),
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')

export { apiEndpoints }

/**
 * The suggestion of the visitor's language on a page in another the site publishes: their choice
 * (the `locale` cookie), else their browser's first language the site has (`Accept-Language`).
 * A suggestion, never a redirect: a crawler and a shared link get the page they asked for.
 */
function suggestion(
  c: Context<AppEnv>,
  page: Extract<RenderResult, { kind: 'page' }>,
  defaultLocale: string,
  trustProxy: boolean,
): string {
  if (page.status !== 200 || page.languages.length < 2) return ''
  const detector: DetectorOptions = {
    order: ['cookie', 'header'],
    lookupQueryString: 'lang',
    lookupCookie: siteCookies(c, trustProxy).name(LOCALE_COOKIE),
    lookupFromPathIndex: 0,
    lookupFromHeaderKey: 'accept-language',
    caches: false,
    ignoreCase: true,
    fallbackLanguage: defaultLocale,
    supportedLanguages: page.languages.map((language) => language.code),
  }
  const preferred = detectFromCookie(c, detector) ?? detectFromHeader(c, detector)
  const language = page.languages.find((candidate) => candidate.code === preferred)
  if (!language || language.code === page.locale) return ''
  return suggestionHtml(language, page.locale, `${page.path}${new URL(c.req.url).search}`)
}

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

  const callEndpoint = inProcessCalls(apiEndpoints, resolveContext)
  /** The words of the API's messages in the language of the page a request comes from (its answers, its errors). */
  const messageWordsOf = (c: Context) =>
    messageWords(c.req.header('accept-language'), {
      tenant: resolveTenant(c.req.header('host')),
      content: deps.content,
    })
  const apiError = apiErrorAnswer(logger)
  /**
   * How a page's API calls travel on the server: its queries call the endpoints in-process,
   * as this visitor's request to them would, and are answered as it would be, errors included;
   * anything else goes through the app with the page's cookie and host.
   */
  const pageTransport = (c: Context): ApiTransport => {
    const inProcess: NonNullable<ApiTransport['inProcess']> = async (api, path) => {
      try {
        // The contract mounted at this method and path is the caller's (in development the site's copy
        // of it, loaded again through Vite, has the same schemas): its answer is of the caller's type.
        return { ok: true, data: (await callEndpoint(c, api, path)) as ContractResponse<typeof api> }
      } catch (error) {
        const answer = apiError(error, path.split('?', 1)[0]!)
        return {
          ok: false,
          status: answer.status,
          message: answer.message,
          // What the API client reads of an error's JSON: each issue's path and message.
          issues: answer.issues?.map((issue) => ({ path: issue.path, message: issue.message })),
          retryAfterSeconds: Number(answer.headers?.['Retry-After']) || undefined,
        }
      }
    }
    const request = (apiPath: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      headers.set('host', c.req.header('host') ?? '')
      const cookie = c.req.header('cookie')
      if (cookie) headers.set('cookie', cookie)
      return Promise.resolve(app.request(apiPath, { ...init, headers }))
    }
    return Object.assign(request, { inProcess })
  }

  app.use(
    requestFrame({
      resolveTenant,
      https,
      policy: htmlPolicy({ rumIntake, cardFields: cardFieldsOrigin }),
      logger,
    }),
  )

  // Before anything reads the request: its body within its route's limit, its address text.
  app.use(
    bodyLimits({
      defaultBytes: env.BODY_LIMIT_BYTES,
      routes: routeBodyLimits,
    }),
  )
  app.use(addressCheck)

  app.use('/api/*', tenantOriginCors)

  // The monitoring intake and CSP reports come from beacons and browsers' reporting (which send no
  // headers of ours); they read no cookie and change nobody's data, so they need no csrf token.
  app.use(deps.csrf.middleware({ exempt: [monitoringApi.intake.path, CSP_REPORT_PATH] }))

  app.use('/api/*', apiNoStore)
  app.use(previewTokenCookie(env.TRUST_PROXY))

  const api = new Hono()
  mount(api, apiEndpoints, resolveContext, messageWordsOf)
  api.get('/api/openapi.json', (c) =>
    c.json(openApiDocument(apiEndpoints, { title: 'Dental membership site API', version: '1' })),
  )
  app.route('/', api)
  app.all('/api/*', (c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404))

  // Search engines: the public pages; not the API, the member and checkout pages, or the tools.
  /** The tenant's published languages (none when its content cannot be read: the site's default alone). */
  const languagesOf = async (c: Context<AppEnv>) => {
    const { site } = await options.loadSite()
    const locales = site.locales ?? ONE_LANGUAGE
    const { tenant } = await resolveContext(c, 'public')
    const content = await deps.content.get(tenant.groupKey).catch(() => undefined)
    return { tenant, defaultLocale: locales.default, languages: content ? locales.published(content) : [] }
  }
  app.get('/robots.txt', async (c) => {
    const { tenant, languages, defaultLocale } = await languagesOf(c)
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(robots(tenant.publicUrl, languages, defaultLocale))
  })
  // The public pages at fixed addresses and the content's landing pages, each in every published language.
  app.get('/sitemap.xml', async (c) => {
    const [{ manifest, sitemap }, { tenant, languages, defaultLocale }] = await Promise.all([
      options.loadSite(),
      languagesOf(c),
    ])
    const content = await deps.content.get(tenant.groupKey).catch(() => undefined)
    const paths = [...publicPaths(manifest), ...(content && sitemap ? sitemap(content) : [])]
    c.header('Cache-Control', 'public, max-age=3600')
    c.header('Content-Type', 'application/xml; charset=utf-8')
    return c.body(
      sitemapXml(
        tenant.publicUrl,
        paths.filter((path) => !disallowed(path)),
        languages,
        defaultLocale,
      ),
    )
  })
  // A visitor's choice of language (the switcher's links, the suggestion's): remembered for a year, then
  // the page in it. Only the suggestion reads the choice; a page is always in the language of its address.
  app.get(LANGUAGE_CHOICE_PATH, async (c) => {
    const { languages, defaultLocale } = await languagesOf(c)
    const choice = languageChoice(new URL(c.req.url), languages, defaultLocale)
    if (!choice) return c.text('Choose one of the site’s languages.', 400)
    siteCookies(c, env.TRUST_PROXY).set(LOCALE_COOKIE, choice.locale, {
      expires: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    })
    c.header('Cache-Control', 'no-store')
    return c.redirect(choice.location, 303)
  })

  app.get('/builds/latest.json', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ id: options.buildId })
  })

  // Each block's chunks beyond those every page starts with, for this build (its code, and what its
  // code loads when asked: its props schema): the browser fetches them ahead without running them
  // (engine/block-code.ts).
  let blockChunks: Promise<BlockChunks> | undefined
  app.get(`${BLOCK_CHUNKS_PATH}/:id`, async (c) => {
    if (c.req.param('id') !== `${options.buildId}.json`) return c.notFound()
    blockChunks ??= options.loadSite().then(async ({ registry, blockModules }) => {
      const start = new Set(options.assets([]).scripts)
      const after = (resolve: AssetResolver | undefined, modules: string[]) =>
        (resolve?.(modules).scripts ?? []).filter((file) => !start.has(file))
      const listed = await Promise.all(
        registry.keys().map(async (key) => {
          const name = (await registry.definition(key))?.name
          const modules = name ? blockModules(name) : []
          return { key, code: after(options.assets, modules), lazy: after(options.lazyAssets, modules) }
        }),
      )
      const by = (part: 'code' | 'lazy') =>
        Object.fromEntries(listed.filter((block) => block[part].length > 0).map((block) => [block.key, block[part]]))
      return { code: by('code'), lazy: by('lazy') }
    })
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return c.json(await blockChunks)
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

  const tool = (page: ToolPage) => toolPage(page, options.toolTemplate)
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
        content: (version, locale) => {
          if (version !== WORKING) return deps.content.get(ctx.tenant.groupKey, version, locale)
          return canSeeDraft(ctx, c).then((allowed) =>
            allowed
              ? deps.content.get(ctx.tenant.groupKey, version, locale)
              : Promise.reject(new Error(DRAFT_FORBIDDEN)),
          )
        },
        session: () => Promise.resolve(siteSession(ctx.user)),
        // Pages' queries call the same handlers in-process, as this visitor, on this tenant.
        transport: pageTransport(c),
      },
    })
    if (result.kind === 'response') return result.response
    // A page that failed may have failed for want of its database: then it is a 503 (onError).
    if (result.status >= 500) await deps.db.query('SELECT 1')
    if (result.kind === 'status') return new Response(null, { status: result.status })
    const assets = options.assets(result.blockNames.flatMap(site.blockModules))
    const locales = site.site.locales ?? ONE_LANGUAGE
    const html = renderDocument(await options.template(c.req.url), {
      title: result.title,
      favicon: result.favicon,
      description: result.description,
      // Only a page that exists has an address to name; the query (a search, a preview) is not part of it.
      canonical: result.status === 200 ? new URL(c.req.path, ctx.tenant.publicUrl).href : undefined,
      lang: result.locale,
      alternates:
        result.status === 200 ? alternates(ctx.tenant.publicUrl, result.path, result.languages, locales.default) : [],
      notice: suggestion(c, result, locales.default, env.TRUST_PROXY),
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

  app.onError(errorAnswer(logger, messageWordsOf))

  return app
}
