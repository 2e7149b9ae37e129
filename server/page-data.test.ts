import { describe, expect, it, vi } from 'vitest'
import { ApiRequestError, callApi, type ApiTransport } from '#engine'
import { createServerRenderer, type RenderRequest } from '#engine/server'
import * as site from '#site-config/entry-server.ts'
import { tenants } from '#site-config/tenants.ts'
import { createApp } from './app.ts'
import { noPreloads } from './assets.ts'
import { apiEndpoints } from './features/registry.ts'
import { DATABASES, defaultTenant, MEMBER, SUPPORT, TestClient, useTestServer } from './test-harness.ts'

/** A mounted GET contract by its path: the object the HTTP route and the pages' calls share. */
const getContract = (path: string) => {
  const found = apiEndpoints.find(({ contract }) => contract.method === 'get' && contract.path === path)
  if (!found) throw new Error(`No GET ${path} is mounted`)
  return found.contract
}

/** A client's cookies, as its requests send them. */
const cookies = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

/** What a call ends with, as a page sees it: the answer, or the error's status, message and issues. */
const outcome = (answer: Promise<unknown>) =>
  answer.then(
    (data) => ({ status: 200, data }),
    (error: unknown) => {
      if (!(error instanceof ApiRequestError)) throw error
      return { status: error.status, message: error.message, issues: error.issues }
    },
  )

describe.each(DATABASES)('page data on the server (%s)', (kind) => {
  const server = useTestServer(kind)

  /** The app again on the same services, keeping the transport each page render was given. */
  const withTransports = () => {
    const transports: ApiTransport[] = []
    const render = createServerRenderer({ manifest: site.manifest, registry: site.registry, site: site.site })
    const app = createApp({
      deps: server.deps,
      tenants,
      loadSite: () =>
        Promise.resolve({
          ...site,
          render: (request: RenderRequest) => {
            if (request.sources.transport) transports.push(request.sources.transport)
            return render(request)
          },
        }),
      template: () => Promise.resolve('<html><head><!--app-head--></head><body><!--app-html--></body></html>'),
      toolTemplate: () => Promise.resolve('<html><head><!--app-head--></head><body></body></html>'),
      assets: noPreloads,
      buildId: 'test',
    })
    return { app, transports }
  }

  it('loads a member page’s data without a request through the app, each answer parsed once by its contract', async () => {
    const member = await server.client().login(MEMBER)
    const info = getContract('/api/v4/member/info')
    const requests = vi.spyOn(server.app, 'request')
    const parses = vi.spyOn(info.response, 'safeParse')
    try {
      const page = await member.request('/dashboard')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(MEMBER.email)
      // The visit alone: before, nine more (the loader's six queries, three ID cards read while rendering).
      expect(requests.mock.calls.map(([path]) => path)).toEqual(['/dashboard'])
      expect(parses).toHaveBeenCalledTimes(1)
    } finally {
      requests.mockRestore()
      parses.mockRestore()
    }
  })

  it('keeps a member page from a visitor who is not signed in, as before: to sign in and back', async () => {
    const page = await server.client().request('/dashboard')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/member-login?redirect=%2Fdashboard')
  })

  it('reads the session of a member signed in over HTTPS (its __Host- cookie), as the browser’s own call would', async () => {
    const member = await server.client(defaultTenant.hosts[0], undefined, { https: true }).login(MEMBER)
    const page = await member.request('/dashboard')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(MEMBER.email)
  })

  it.each([
    ['a visitor not signed in', 'a member’s data', 'anonymous', '/api/v4/member/info', {}, 401],
    ['a member', 'staff data', 'member', '/api/v4/staff/me', {}, 403],
    ['a member', 'an ID card not theirs', 'member', '/api/v4/member/idCard/:id', { params: { id: 999999 } }, 404],
    ['a member', 'an ID card by a bad id', 'member', '/api/v4/member/idCard/:id', { params: { id: 'x' } }, 422],
    ['a member', 'their own account', 'member', '/api/v4/member/info', {}, 200],
    ['a visitor', 'an unknown office', 'anonymous', '/api/v4/locations/:id', { params: { id: 999999 } }, 404],
    ['a visitor', 'a plan', 'anonymous', '/api/v4/plans/:id', { params: { id: 102 } }, 200],
    ['a visitor', 'dentists near a ZIP code', 'anonymous', '/api/v4/providers', { query: { zip: '90210' } }, 200],
    ['a visitor', 'dentists near a bad ZIP code', 'anonymous', '/api/v4/providers', { query: { zip: '1' } }, 422],
    ['a staff member', 'their own account', 'staff', '/api/v4/staff/me', {}, 200],
  ] as const)('answers %s asking for %s in-process as over HTTP', async (_who, _what, who, path, input, status) => {
    const { app, transports } = withTransports()
    const client = new TestClient(app, defaultTenant.hosts[0]!, undefined, false, server.deps.now)
    if (who === 'member') await client.login(MEMBER)
    if (who === 'staff') {
      // Each code is accepted once; the tests sign in within one 30 s step (see the harness's staffClient).
      await server.deps.db.query(
        'UPDATE staff_mfa SET last_used_step = NULL WHERE user_id IN (SELECT id FROM users WHERE email = $1)',
        [SUPPORT.email],
      )
      await client.staffLogin(SUPPORT)
    }
    await client.request('/')
    const transport = transports.at(-1)!
    expect(transport.inProcess).toBeDefined()
    const api = getContract(path)
    const overHttp = (apiPath: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      headers.set('host', client.host)
      headers.set('cookie', cookies(client))
      return Promise.resolve(app.request(apiPath, { ...init, headers }))
    }
    const inProcess = await outcome(callApi(api, input as never, { transport }))
    expect(inProcess.status).toBe(status)
    expect(inProcess).toEqual(await outcome(callApi(api, input as never, { transport: overHttp })))
  })
})
