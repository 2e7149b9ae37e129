import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenants } from '#site-config/tenants.ts'
import type { ContentService } from './features/content/content-service.ts'
import { nodeListener } from './listener.ts'
import { createLogger } from './platform/logger.ts'
import { DATABASES, defaultTenant, EDITOR, otherTenant, startTestServer, type TestServer } from './test-harness.ts'

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** Serves the test server's app through the Node listener main.ts uses, on a loopback port. */
async function listen(
  server: TestServer,
  content: ContentService = server.deps.content,
): Promise<{
  get: (path: string, headers?: Record<string, string>, method?: string) => Promise<Answer>
  close: () => Promise<void>
}> {
  const node: Server = createServer(
    nodeListener({ fetch: server.app.fetch, content, tenants, logger: createLogger('silent'), trustProxy: true }),
  )
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  const { port } = node.address() as AddressInfo
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port, path, method, headers: { host: defaultTenant.hosts[0]!, ...headers } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      outgoing.on('error', reject)
      outgoing.end()
    })
  return { get, close: () => new Promise((resolve) => node.close(() => resolve())) }
}

const json = (answer: Answer) =>
  JSON.parse(answer.body.toString('utf8')) as { header: { variables: { header_phone_number?: string } } }

describe.each(DATABASES)('the Node listener: published content answered before the app (%s)', (kind) => {
  let server: TestServer
  let http: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    server = await startTestServer(kind)
    http = await listen(server)
  }, 60_000)
  afterAll(async () => {
    await http.close()
    await server.close()
  })

  it('answers the same JSON as the app, with the headers of every answer, no cookie (it may be cached), and an ETag', async () => {
    const fromApp = await server.client().request('/api/cms')
    const answer = await http.get('/api/cms')
    expect(answer.status).toBe(200)
    expect(answer.body.toString('utf8')).toBe(await fromApp.text())
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
      'cache-control': 'no-cache',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    })
    expect(answer.headers['set-cookie']).toBeUndefined()
    expect(answer.headers['strict-transport-security']).toBeUndefined()
    // Over HTTPS through the trusted proxy, HSTS too.
    expect((await http.get('/api/cms', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('answers 304 without a body while the content is unchanged, and a new ETag once a version is published', async () => {
    const first = await http.get('/api/cms')
    const etag = first.headers.etag!
    const unchanged = await http.get('/api/cms', { 'if-none-match': `W/"other", ${etag}` })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
    expect(unchanged.headers.etag).toBe(etag)

    const editor = await server.staffClient(EDITOR)
    const draft = (
      await editor.json<{ content: { header: { variables: Record<string, unknown> } }; revision: number }>(
        '/api/cms/working',
      )
    ).body
    draft.content.header.variables.header_phone_number = '877-555-0199'
    expect(
      (
        await editor.request('/api/cms/working', {
          method: 'PUT',
          body: { content: draft.content, baseRevision: draft.revision },
        })
      ).status,
    ).toBe(200)
    expect((await editor.request('/api/cms/publish', { method: 'POST', body: { note: 'Listener test' } })).status).toBe(
      201,
    )

    const changed = await http.get('/api/cms', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(json(changed).header.variables.header_phone_number).toBe('877-555-0199')
  })

  it('compresses by Accept-Encoding (brotli first, then gzip) to the same JSON', async () => {
    const plain = await http.get('/api/cms')
    const br = await http.get('/api/cms', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
    const gzip = await http.get('/api/cms', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding, Origin')
  })

  it('serves each tenant its own content, names only the tenants’ origins in CORS, and answers HEAD without a body', async () => {
    const own = json(await http.get('/api/cms'))
    const other = await http.get('/api/cms', {
      host: otherTenant.hosts[0]!,
      origin: new URL(otherTenant.publicUrl).origin,
    })
    expect(json(other)).toEqual((await server.client(otherTenant.hosts[0]).json('/api/cms')).body)
    expect(json(other)).not.toEqual(own)
    expect(other.headers).toMatchObject({
      'access-control-allow-origin': new URL(otherTenant.publicUrl).origin,
      'access-control-allow-credentials': 'true',
    })
    expect(
      (await http.get('/api/cms', { origin: 'https://evil.example' })).headers['access-control-allow-origin'],
    ).toBeUndefined()
    const head = await http.get('/api/cms', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000)
  })

  it('leaves every other request to the app: a version asked for, another path', async () => {
    const working = await http.get('/api/cms?version=working')
    expect(working.status).toBe(403)
    expect(JSON.parse(working.body.toString('utf8'))).toEqual({
      message: 'Only content managers, or a preview link, can see the unpublished version',
    })
    expect((await http.get('/api/cms?version=999')).status).toBe(404)
    const config = await http.get('/api/config')
    expect(config.status).toBe(200)
    expect(config.headers.etag).toBeUndefined()
  })

  it('lets the app answer when the content cannot be read here', async () => {
    const failing = await listen(server, { get: () => Promise.reject(new Error('connection lost')) })
    try {
      const answer = await failing.get('/api/cms')
      // The app read it from the database itself: the visitor sees the content, not an error.
      expect(answer.status).toBe(200)
      expect(answer.headers.etag).toBeUndefined()
      expect(json(answer).header.variables).toBeTypeOf('object')
    } finally {
      await failing.close()
    }
  })
})
