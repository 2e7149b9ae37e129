import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { isbot } from 'isbot'
import type { BlockRegistry } from '#engine'
import { renderDocument, type ServerRenderer } from '#engine/server'
import { SIGNED_OUT, type PublicConfig } from '#schemas/api.ts'
import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'
import type { AssetResolver } from './assets.ts'
import { PUBLISHED, UnknownVersionError, type ContentService } from './content/content-service.ts'
import { csrf } from './csrf.ts'
import type { Env } from './env.ts'
import type { Logger } from './logger.ts'
import { createTenantResolver } from './tenants.ts'

/** What the server needs of the site: its renderer and how block names map to source modules. */
export interface SiteModule {
  render: ServerRenderer
  registry: BlockRegistry
  blockModule: (name: string) => string
}

export interface AppOptions {
  env: Env
  logger: Logger
  tenants: TenantsConfig
  content: ContentService
  /** The site's server entry: imported once in production, through Vite (fresh) in development. */
  loadSite: () => Promise<SiteModule>
  /** The HTML template for a URL (index.html; in development transformed by Vite). */
  template: (url: string) => Promise<string>
  assets: AssetResolver
  buildId: string
}

type AppEnv = { Variables: { tenant: Tenant; csrfToken: string } }

const TENANT_FILE = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp|ico)$/
const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
}

/** The HTTP application: API, tenant assets and server-rendered pages. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { env, logger, content } = options
  const resolveTenant = createTenantResolver(options.tenants)
  const app = new Hono<AppEnv>()

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
  })

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('tenant', resolveTenant(c.req.header('host')))
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('X-Frame-Options', 'SAMEORIGIN')
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
  app.use(csrf({ secure: (url) => url.protocol === 'https:' }))

  app.get('/api/auth', (c) => c.json(SIGNED_OUT))

  app.get('/api/cms', async (c) => {
    const version = c.req.query('version') || PUBLISHED
    try {
      return c.json(await content.get(c.get('tenant').groupKey, version))
    } catch (error) {
      if (error instanceof UnknownVersionError) return c.json({ message: error.message }, 404)
      throw error
    }
  })

  app.all('/api/*', (c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404))

  app.get('/builds/latest.json', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ id: options.buildId })
  })

  app.get('/tenant/:groupKey/:file', async (c) => {
    const { groupKey, file } = c.req.param()
    const known = options.tenants.tenants.some((tenant) => tenant.groupKey === groupKey)
    if (!known || !TENANT_FILE.test(file)) return c.notFound()
    try {
      const body = await readFile(path.join(env.CONTENT_DIR, groupKey, 'public', file))
      c.header('Content-Type', CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(body)
    } catch {
      return c.notFound()
    }
  })

  app.get('*', async (c) => {
    const site = await options.loadSite()
    const tenant = c.get('tenant')
    const result = await site.render({
      request: c.req.raw,
      config: publicConfig(tenant),
      isBot: isbot(c.req.header('user-agent') ?? ''),
      sources: {
        content: (version) => content.get(tenant.groupKey, version),
        session: () => Promise.resolve(SIGNED_OUT),
      },
    })
    if (result.kind === 'response') return result.response
    if (result.kind === 'status') return c.body(null, result.status as 404)
    const assets = options.assets(result.blockNames.map(site.blockModule))
    const html = renderDocument(await options.template(c.req.url), {
      title: result.title,
      favicon: result.favicon,
      csrfToken: c.get('csrfToken'),
      html: result.html,
      state: result.state,
      modulePreloads: assets.scripts,
      stylesheets: assets.styles,
    })
    c.header('Cache-Control', 'no-store')
    return c.html(html, result.status as 200)
  })

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, 'Unhandled error')
    if (c.req.path.startsWith('/api/')) return c.json({ message: 'Internal Server Error' }, 500)
    return c.html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Internal Server Error</title></head><body><main><h1>Internal Server Error</h1><p>Something went wrong on our side. Please try again in a moment.</p></main></body></html>',
      500,
    )
  })

  return app
}
