import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { escapeHtml } from '#engine/server'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { readTenantContent } from './features/content/content-files.ts'
import { DATABASES, defaultTenant, otherTenant, useTestServer } from './test-harness.ts'

describe.each(DATABASES)('the server (%s)', (kind) => {
  const server = useTestServer(kind)

  it('renders pages with the status of the route and a csrf meta tag matching the cookie', async () => {
    const client = server.client()
    const home = await client.request('/')
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('<title>Home | ')
    expect(html).toContain(`<meta name="csrf-token" content="${client.cookie('csrf')!}">`)
    expect((await client.request('/zz/yy')).status).toBe(404)
  })

  it('shows a signed-out visitor a changed plan price on the next request, though the page was rendered before with the same content', async () => {
    const visitor = server.client()
    const home = async () => (await visitor.request('/')).text()
    expect(await home()).not.toContain('$987.65')
    expect(await home()).not.toContain('$987.65')
    const [plan] = await server.deps.db.query(
      'SELECT id, monthly_price_cents FROM plans WHERE group_key = $1 ORDER BY monthly_price_cents LIMIT 1',
      [defaultTenant.groupKey],
    )
    const { id, monthly_price_cents: price } = z.object({ id: z.number(), monthly_price_cents: z.number() }).parse(plan)
    await server.deps.db.query('UPDATE plans SET monthly_price_cents = 98765 WHERE id = $1', [id])
    try {
      expect(await home()).toContain('$987.65')
      // Another tenant's home page is its own, with its own plans.
      expect(await (await server.client(otherTenant.hosts[0]).request('/')).text()).not.toContain('$987.65')
    } finally {
      await server.deps.db.query('UPDATE plans SET monthly_price_cents = $2 WHERE id = $1', [id, price])
    }
    expect(await home()).not.toContain('$987.65')
  })

  it('tells search engines each tenant’s description, the page’s one address, and what not to crawl', async () => {
    const page = await (await server.client().request('/find-a-dentist?zip=90210&radius=25')).text()
    expect(page).toContain(`<link rel="canonical" href="${new URL('/find-a-dentist', defaultTenant.publicUrl).href}">`)
    const description = (groupKey: string) =>
      escapeHtml(parseCmsContent(readTenantContent('site-config/tenants', groupKey)).base.variables.meta_description!)
    expect(page).toContain(`<meta name="description" content="${description(defaultTenant.groupKey)}">`)
    const other = await (await server.client(otherTenant.hosts[0]).request('/faq')).text()
    expect(other).toContain(`<link rel="canonical" href="${new URL('/faq', otherTenant.publicUrl).href}">`)
    expect(other).toContain(`<meta name="description" content="${description(otherTenant.groupKey)}">`)
    // A page that is not found names no address.
    expect(await (await server.client().request('/zz/yy')).text()).not.toContain('rel="canonical"')
    const robots = await server.client().request('/robots.txt')
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
    const rules = await robots.text()
    for (const path of ['/api/', '/checkout', '/member-login', '/playground'])
      expect(rules).toContain(`Disallow: ${path}\n`)
    expect(rules).not.toMatch(/Disallow: \/\n/)
    // A member page is not disallowed: a crawler gets the sign-in redirect, never the page.
    expect(rules).not.toContain('Disallow: /dashboard')
    const crawler = await server
      .client()
      .request('/dashboard', { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
    expect(crawler.status).toBe(302)
    expect(crawler.headers.get('location')).toBe('/member-login?redirect=%2Fdashboard')
  })

  it('answers an unknown API path with a JSON 404, never a page', async () => {
    const { status, body, response } = await server.client().json('/api/v9/nothing')
    expect(status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(body).toEqual({ message: 'Not found: GET /api/v9/nothing' })
  })

  it('refuses a state-changing request without the csrf-token header with 403, whatever the route', async () => {
    const client = server.client()
    await client.request('/')
    for (const path of ['/api/login', '/api/v4/member/logout', '/api/cms/publish', '/api/anything', '/']) {
      const { status, body } = await client.json(path, { method: 'POST', body: {}, csrf: false })
      expect(status, path).toBe(403)
      expect(body).toEqual({ message: 'Missing or invalid csrf-token header' })
    }
    const wrong = await client.json('/api/login', {
      method: 'POST',
      body: {},
      csrf: false,
      headers: { 'csrf-token': 'x'.repeat(43) },
    })
    expect(wrong.status).toBe(403)
  })

  it('answers CORS only for the tenant’s own origin: not another tenant’s, and never "null"', async () => {
    const client = server.client()
    const own = new URL(defaultTenant.publicUrl).origin
    const allowed = await client.request('/api/auth', { headers: { origin: own } })
    expect(allowed.headers.get('access-control-allow-origin')).toBe(own)
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true')
    // Each tenant answers its own origin.
    const otherOrigin = new URL(otherTenant.publicUrl).origin
    expect(
      (
        await server.client(otherTenant.hosts[0]).request('/api/auth', { headers: { origin: otherOrigin } })
      ).headers.get('access-control-allow-origin'),
    ).toBe(otherOrigin)
    for (const origin of [otherOrigin, 'https://evil.example', 'null']) {
      const response = await client.request('/api/auth', { headers: { origin } })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      const preflight = await client.request('/api/login', {
        method: 'OPTIONS',
        csrf: false,
        headers: { origin, 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('describes every path in a generated OpenAPI document', async () => {
    const { status, body } = await server
      .client()
      .json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
    const paths = Object.keys(body.paths)
    for (const path of [
      '/api/login',
      '/api/auth',
      '/api/cms',
      '/api/cms/working',
      '/api/cms/publish',
      '/api/cms/versions',
      '/api/cms/versions/{id}/restore',
      '/api/v4/member/info',
      '/api/v4/member/update',
      '/api/v4/member/autoRenew',
      '/api/v4/member/locations',
      '/api/v4/member/updateBilling',
      '/api/v4/member/balance',
      '/api/v4/member/idCard/{id}',
      '/api/v4/member/receipt/{id}',
      '/api/v4/member/switch/{id}',
      '/api/v4/member/dependents',
      '/api/v4/member/purchaseSubscription',
      '/api/v4/member/renewSubscription',
      '/api/v4/member/resetPasswordEmail',
      '/api/v4/member/setNewPassword',
      '/api/v4/member/validateEmail',
      '/api/v4/member/signup',
      '/api/v4/member/logout',
      '/api/v4/locations/{id}',
      '/api/v4/plans/{id}',
      '/api/v4/plans/{planId}/{officeId}',
      '/api/v4/coupon/validate',
      '/api/v4/contact',
      '/api/v4/grievance',
      '/api/v4/providers',
      '/api/km/grievance',
      '/api/km/contact',
      '/api/km/group/{id}/offices',
      '/api/km/group/{id}/directory',
      '/api/km/office/{id}/details',
      '/api/km/office/{id}/plans',
      '/api/km/checkout/account',
      '/api/km/checkout/member',
      '/api/km/checkout/member/{memberId}',
      '/api/km/checkout/member/plan',
      '/api/km/checkout/payment',
      '/api/km/checkout/temp_token',
    ]) {
      expect(paths, path).toContain(path)
    }
    expect(body.paths['/api/v4/member/info']?.get).toMatchObject({ security: [{ session: [] }] })
  })

  it('serves a tenant asset, and nothing outside its public folder', async () => {
    const client = server.client()
    const logo = await client.request(`/tenant/${defaultTenant.groupKey}/logo.svg`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/svg+xml')
    expect((await client.request(`/tenant/${defaultTenant.groupKey}/..%2Fcontent.json`)).status).toBe(404)
  })
})
