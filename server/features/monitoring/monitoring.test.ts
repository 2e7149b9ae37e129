import { describe, expect, it } from 'vitest'
import type { VitalsSummary } from '#schemas/engine/monitoring.ts'
import {
  DATABASES,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  useTestServer,
  type TestClient,
} from '../../test-harness.ts'
import { CSP_REPORTS_PER_CLIENT_PER_HOUR } from './csp-reports.ts'

const TOKEN = 'pub-test-token'
const INTAKE = '/api/rum/intake'

const batch = (session: string, events: unknown[], clientToken = TOKEN) => ({
  clientToken,
  session: { id: session, replay: false },
  events,
})
const vital = (name: string, value: number, path = '/') => ({ type: 'vital', path, name, value })
const view = (path: string) => ({ type: 'view', path, kind: 'load', at: 0 })

describe.each(DATABASES)('real-user monitoring, the sandbox collector (%s)', (kind) => {
  const server = useTestServer(kind, { env: { RUM_CLIENT_TOKEN: TOKEN, RUM_SESSION_SAMPLE_RATE: '50' } })

  it('tells the browser how to monitor, in the public configuration', async () => {
    const { body } = await server.client().json<{ monitoring: unknown }>('/api/config')
    expect(body.monitoring).toEqual({
      clientToken: TOKEN,
      intakeUrl: INTAKE,
      sessionSampleRate: 50,
      sessionReplaySampleRate: 0,
      trackingConsent: 'granted',
      trackUserInteractions: true,
      trackResources: true,
      trackLongTasks: true,
      defaultPrivacyLevel: 'mask-user-input',
    })
  })

  it('takes beacons without a csrf token, only with the client token, and refuses what is not an event', async () => {
    const client = server.client()
    expect(
      await client.json(INTAKE, { method: 'POST', csrf: false, body: batch('session-aaaa', [view('/faq')]) }),
    ).toMatchObject({ status: 201, body: { accepted: 1 } })
    expect(
      await client.json(INTAKE, {
        method: 'POST',
        csrf: false,
        body: batch('session-aaaa', [view('/faq')], 'someone-else'),
      }),
    ).toMatchObject({ status: 403, body: { message: 'Unknown client token' } })
    const wrong = await client.json<{ issues: { path: unknown[] }[] }>(INTAKE, {
      method: 'POST',
      csrf: false,
      body: batch('session-aaaa', [{ type: 'vital', path: '/', name: 'FID', value: 3 }]),
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.issues[0]?.path).toEqual(['body', 'events', 0, 'name'])
    expect((await client.json(INTAKE, { method: 'POST', csrf: false, body: batch('session-aaaa', []) })).status).toBe(
      422,
    )
    const tooMany = Array.from({ length: 201 }, () => view('/'))
    expect(
      (await client.json(INTAKE, { method: 'POST', csrf: false, body: batch('session-aaaa', tooMany) })).status,
    ).toBe(422)
    const huge = await client.request(INTAKE, {
      method: 'POST',
      csrf: false,
      body: { ...batch('session-aaaa', [view('/')]), padding: 'x'.repeat(300 * 1024) },
    })
    expect(huge.status).toBe(413)
    expect(await huge.json()).toEqual({ message: 'A monitoring batch is at most 256 KB' })
  })

  it('answers the 75th percentile and the ratings of each vital, per page, to content managers of the tenant only', async () => {
    const client = server.client()
    // Four visits landing on /find-a-dentist, one on /office/1001; LCP 1.0, 2.0, 3.0, 5.0 s there.
    const lcps = [1000, 2000, 3000, 5000]
    for (const [index, lcp] of lcps.entries()) {
      const events = [
        view('/find-a-dentist'),
        vital('LCP', lcp, '/find-a-dentist'),
        vital('CLS', index === 3 ? 0.3 : 0, '/find-a-dentist'),
        vital('INP', 80 + index * 100, '/find-a-dentist'),
      ]
      expect(
        (await client.json(INTAKE, { method: 'POST', csrf: false, body: batch(`visit-${index}-xyz`, events) })).status,
      ).toBe(201)
    }
    await client.json(INTAKE, {
      method: 'POST',
      csrf: false,
      body: batch('visit-office', [view('/office/1001'), vital('LCP', 900, '/office/1001')]),
    })

    const editor = await server.staffClient(EDITOR)
    const { status, body } = await editor.json<VitalsSummary>('/api/rum/vitals?days=1')
    expect(status).toBe(200)
    expect(body).toMatchObject({ configured: true, days: 1 })
    const lcp = body.vitals.find((entry) => entry.name === 'LCP')
    // Five LCPs: 900, 1000, 2000, 3000, 5000: the 75th percentile (interpolated) is 3000.
    expect(lcp).toEqual({ name: 'LCP', count: 5, p75: 3000, ratings: { good: 3, needsImprovement: 1, poor: 1 } })
    expect(body.vitals.find((entry) => entry.name === 'CLS')).toMatchObject({
      count: 4,
      ratings: { good: 3, needsImprovement: 0, poor: 1 },
    })
    expect(body.vitals.find((entry) => entry.name === 'INP')).toMatchObject({
      count: 4,
      p75: 305,
      ratings: { good: 2, needsImprovement: 2, poor: 0 },
    })
    expect(body.vitals.find((entry) => entry.name === 'TTFB')).toEqual({
      name: 'TTFB',
      count: 0,
      p75: null,
      ratings: { good: 0, needsImprovement: 0, poor: 0 },
    })
    expect(body.pages.find((page) => page.path === '/find-a-dentist')).toEqual({
      path: '/find-a-dentist',
      views: 4,
      lcp: 3500,
      inp: 305,
      cls: 0.075,
    })
    expect(body.pages.find((page) => page.path === '/office/1001')).toEqual({
      path: '/office/1001',
      views: 1,
      lcp: 900,
      inp: null,
      cls: null,
    })
    expect(body.sessions).toBeGreaterThanOrEqual(5)

    expect((await server.client().json('/api/rum/vitals')).status).toBe(401)
    expect((await (await server.client().login(MEMBER)).json('/api/rum/vitals')).status).toBe(403)
    // The other tenant's content managers see their own site's visits: none.
    const other = await server.staffClient(OTHER_EDITOR, otherTenant.hosts[0])
    expect((await other.json<VitalsSummary>('/api/rum/vitals')).body).toMatchObject({
      sessions: 0,
      views: 0,
      pages: [],
    })
  })
})

describe('real-user monitoring, not configured', () => {
  const server = useTestServer('pglite')

  it('gives the browser no monitoring settings and has no intake', async () => {
    expect((await server.client().json<Record<string, unknown>>('/api/config')).body).not.toHaveProperty('monitoring')
    expect(
      await server.client().json(INTAKE, { method: 'POST', csrf: false, body: batch('session-aaaa', [view('/')]) }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Monitoring is not configured on this server (RUM_CLIENT_TOKEN)' },
    })
    const editor = await server.staffClient(EDITOR)
    expect((await editor.json<VitalsSummary>('/api/rum/vitals')).body).toMatchObject({ configured: false, sessions: 0 })
  })
})

describe.each(DATABASES)('CSP reports, a flood from one address (%s)', (kind) => {
  const server = useTestServer(kind)
  const report = (blockedUrl: string) => ({
    type: 'csp-violation',
    url: 'http://localhost/',
    body: {
      documentURL: 'http://localhost/',
      blockedURL: blockedUrl,
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
    },
  })
  const send = (client: TestClient, blockedUrls: string[]) =>
    client.json<{ accepted: number }>('/api/csp-report', {
      method: 'POST',
      csrf: false,
      body: blockedUrls.map(report),
      headers: { 'content-type': 'application/reports+json' },
    })

  it('keeps only the flooder’s share when its reports arrive all at once, and content managers still see another visitor’s report', async () => {
    const flooder = server.client(undefined, '203.0.113.66')
    const batches = Array.from({ length: 20 }, (_, batch) =>
      Array.from({ length: 50 }, (_, index) => `https://flood.example/${batch * 50 + index}.js`),
    )
    const answers = await Promise.all(batches.map((urls) => send(flooder, urls)))
    const accepted = answers.reduce((sum, answer) => sum + answer.body.accepted, 0)
    expect(accepted).toBe(CSP_REPORTS_PER_CLIENT_PER_HOUR)

    const visitor = server.client(undefined, '198.51.100.7')
    expect(await send(visitor, ['https://evil.example/injected.js'])).toMatchObject({
      status: 201,
      body: { accepted: 1 },
    })
    const editor = await server.staffClient(EDITOR)
    const { body } = await editor.json<{ groups: { blockedUrl: string; count: number }[] }>('/api/csp-reports?days=1')
    expect(body.groups).toContainEqual(
      expect.objectContaining({ blockedUrl: 'https://evil.example/injected.js', count: 1 }),
    )
  })

  it('lists a violation two visitors saw above a flood one client spread over every row of the panel', async () => {
    const injected = 'https://evil.example/seen-by-two.js'
    for (const address of ['192.0.2.10', '192.0.2.11'])
      expect((await send(server.client(undefined, address), [injected])).body.accepted).toBe(1)
    // Later, and each of its violations sent twice: by count and by time it would outrank the real one.
    const spread = Array.from({ length: 50 }, (_, index) => `https://spread.example/${index}.js`)
    const spreader = server.client(undefined, '203.0.113.99')
    for (let round = 0; round < 2; round += 1) expect((await send(spreader, spread)).body.accepted).toBe(50)
    const editor = await server.staffClient(EDITOR)
    const { body } = await editor.json<{ groups: { blockedUrl: string; count: number }[] }>('/api/csp-reports?days=1')
    expect(body.groups[0]).toMatchObject({ blockedUrl: injected, count: 2 })
  })
})
