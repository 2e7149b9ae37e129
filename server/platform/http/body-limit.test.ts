import { createServer, request, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_MAX_BYTES } from '#schemas/api/content.ts'
import { tenants } from '#site-config/tenants.ts'
import { GRIEVANCE_MAX_BODY_BYTES } from '../../features/grievances/support-routes.ts'
import { nodeListener } from '../../listener.ts'
import { createLogger } from '../logger.ts'
import { defaultTenant, EDITOR, startTestServer, type TestClient, type TestServer } from '../../test-harness.ts'

const MB = 1024 * 1024

/** A browser's cookies and csrf header, so that only the body's size can stop a request. */
async function browser(client: TestClient): Promise<Record<string, string>> {
  if (!client.cookies.has('csrf')) await client.request('/api/auth')
  return {
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'csrf-token': client.cookies.get('csrf')!,
  }
}

interface Upload {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The bytes the server read off its side of the connection, once it ended. */
  serverRead: number
}

/**
 * The server as main.ts runs it (the Node listener in front of the app) on a loopback port, and a
 * client that streams a large body as fast as the server takes it and stops once answered. What
 * the server read is counted on the server's own socket: an answer before the body is read is
 * seen in bytes, not in time.
 */
async function listen(server: TestServer) {
  const sockets: Socket[] = []
  const node: Server = createServer(
    nodeListener({
      fetch: server.app.fetch,
      content: server.deps.content,
      tenants,
      logger: createLogger('silent'),
      trustProxy: false,
    }),
  )
  node.on('connection', (socket) => sockets.push(socket))
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  const { port } = node.address() as AddressInfo

  const upload = (
    path: string,
    options: { method?: string; bytes: number; chunked?: boolean; headers?: Record<string, string> },
  ) =>
    new Promise<Upload>((resolve, reject) => {
      const socketsBefore = sockets.length
      const framing = options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(options.bytes) }
      const outgoing = request({
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'POST',
        agent: false,
        headers: { host: defaultTenant.hosts[0]!, 'content-type': 'application/json', ...framing, ...options.headers },
      })
      let answered = false
      outgoing.on('response', (res) => {
        answered = true
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => {
          outgoing.destroy()
          const socket = sockets[socketsBefore]!
          const done = () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, serverRead: socket.bytesRead })
          if (socket.destroyed) done()
          else socket.once('close', done)
        })
      })
      outgoing.on('error', (error) => {
        if (!answered) reject(error)
      })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let sent = 0
      const pump = () => {
        while (!answered && sent < options.bytes) {
          const part = chunk.subarray(0, Math.min(chunk.length, options.bytes - sent))
          sent += part.length
          if (!outgoing.write(part)) return void outgoing.once('drain', pump)
        }
        if (!answered) outgoing.end()
      }
      pump()
    })
  return { upload, close: () => new Promise<void>((resolve) => node.close(() => resolve())) }
}

describe('every route limits its body, refusing a larger one unread', () => {
  let server: TestServer
  let http: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    server = await startTestServer('pglite')
    http = await listen(server)
  }, 60_000)
  afterAll(async () => {
    await http.close()
    await server.close()
  })

  it.each([
    ['declared by its length', false],
    ['sent in chunks of unknown total', true],
  ])(
    'a 50 MB sign-in body %s: 413 in the error shape, and the connection closed after a fraction of it',
    async (_how, chunked) => {
      const answer = await http.upload('/api/login', {
        bytes: 50 * MB,
        chunked,
        headers: await browser(server.client()),
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is too large: at most 64 KB' })
      expect(answer.headers.connection).toBe('close')
      // The kernel's buffers take some of it before the answer: well under a megabyte, not 50.
      expect(answer.serverRead).toBeLessThan(1 * MB)
      // (Without the limit, the server reads all 50 MB: time enough for that to fail here, not time out.)
    },
    60_000,
  )

  it('a GET with a body, on the fast path of the published content too: 413, unread', async () => {
    for (const chunked of [false, true]) {
      const answer = await http.upload('/api/cms', { method: 'GET', bytes: 50 * MB, chunked })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ message: 'A GET request takes no body' })
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.serverRead).toBeLessThan(1 * MB)
    }
  })

  it('larger where a route needs it: a grievance’s attachments, the draft content', async () => {
    const visitor = await browser(server.client())
    const grievance = await http.upload('/api/v4/grievance', { bytes: GRIEVANCE_MAX_BODY_BYTES + 1, headers: visitor })
    expect(grievance.status).toBe(413)
    expect(JSON.parse(grievance.body)).toEqual({ message: 'Attachments are too large: at most 3 files of 2 MB each' })
    // 1 MB passes the limit (and fails as JSON): the route takes up to 8.6 MB.
    expect((await http.upload('/api/v4/grievance', { bytes: MB, headers: visitor })).status).toBe(400)

    const editor = await server.staffClient(EDITOR)
    const signedIn = await browser(editor)
    const draft = await http.upload('/api/cms/working', {
      method: 'PUT',
      bytes: 2 * CONTENT_MAX_BYTES + 1,
      headers: signedIn,
    })
    expect(draft.status).toBe(413)
    expect(JSON.parse(draft.body)).toEqual({ message: 'The content is too large: at most 1 MB' })
    const read = await http.upload('/api/cms/working', {
      method: 'PUT',
      bytes: 2 * CONTENT_MAX_BYTES,
      headers: signedIn,
    })
    expect(read.status).toBe(400)
    expect(JSON.parse(read.body)).toEqual({ message: 'The request body must be JSON' })
  })

  it('takes a body within its limit as before', async () => {
    const client = server.client()
    const small = await client.json('/api/v4/member/validateEmail', {
      method: 'POST',
      body: { email: 'someone@example.com' },
    })
    expect(small.status).toBe(200)
  })
})
