import { describe, expect, it } from 'vitest'
import * as site from '#site-config/entry-server.ts'
import { tenants } from '#site-config/tenants.ts'
import { createApp } from './app.ts'
import { noPreloads } from './assets.ts'
import { createFileContentService } from './content/file-content-service.ts'
import { readEnv } from './env.ts'
import { createLogger } from './logger.ts'

const logger = createLogger('silent')
const app = createApp({
  env: readEnv({}),
  logger,
  tenants,
  content: createFileContentService('site-config/tenants', logger),
  loadSite: () => Promise.resolve(site),
  template: () => Promise.resolve('<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'),
  assets: noPreloads,
  buildId: 'test-build',
})
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }
const [first, second] = tenants.tenants

describe('GET /api/cms', () => {
  it('answers the content of the tenant the host name selects', async () => {
    for (const tenant of [first!, second!]) {
      const response = await app.request('/api/cms', { headers: { host: `${tenant.hosts[0]!}:3000` } })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { base: { variables: { group_key: string } } }).base.variables.group_key).toBe(tenant.groupKey)
    }
  })

  it('gives an unknown host the default tenant', async () => {
    const response = await app.request('/api/cms', { headers: { host: 'unknown.example' } })
    expect(((await response.json()) as { base: { variables: { group_key: string } } }).base.variables.group_key).toBe(tenants.defaultTenant)
  })

  it('answers an unknown version with a JSON 404', async () => {
    const response = await app.request('/api/cms?version=99')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Unknown content version 99' })
  })
})

describe('errors and protection', () => {
  it('answers an unknown API path with a JSON 404, never a page', async () => {
    const response = await app.request('/api/v9/nothing')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({ message: 'Not found: GET /api/v9/nothing' })
  })

  it('refuses a state-changing request without the csrf-token header with 403, whatever the route', async () => {
    for (const path of ['/api/v4/member/logout', '/api/anything', '/']) {
      const response = await app.request(path, { method: 'POST' })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ message: 'Missing or invalid csrf-token header' })
    }
  })

  it('accepts the token the page carries, and only that one', async () => {
    const page = await app.request('/', { headers: browser })
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(await page.text())?.[1]
    const cookie = page.headers.get('set-cookie')?.split(';')[0]
    expect(cookie).toBe(`csrf=${token!}`)
    expect(page.headers.get('set-cookie')).toContain('HttpOnly')
    const good = await app.request('/api/anything', { method: 'POST', headers: { cookie: cookie!, 'csrf-token': token! } })
    expect(good.status).toBe(404)
    const bad = await app.request('/api/anything', { method: 'POST', headers: { cookie: cookie!, 'csrf-token': `${token!.slice(1)}x` } })
    expect(bad.status).toBe(403)
  })

  it('serves a tenant asset, and nothing outside its public folder', async () => {
    const logo = await app.request(`/tenant/${first!.groupKey}/logo.svg`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/svg+xml')
    expect((await app.request(`/tenant/${first!.groupKey}/..%2Fcontent.json`)).status).toBe(404)
    expect((await app.request('/tenant/nobody/logo.svg')).status).toBe(404)
  })

  it('tells browsers the current build', async () => {
    const response = await app.request('/builds/latest.json')
    expect(await response.json()).toEqual({ id: 'test-build' })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('server-rendered pages', () => {
  it('renders the page with the status of the route', async () => {
    const home = await app.request('/', { headers: browser })
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('<title>Home | ')
    expect(html).toContain('data-page="home"')
    const missing = await app.request('/zz/yy', { headers: browser })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Page not found: /zz/yy')
  })

  it('sets the security headers', async () => {
    const response = await app.request('/faq', { headers: browser })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
