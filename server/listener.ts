import { createHash } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import type { TenantsConfig } from '#schemas/tenant.ts'
import type { CmsContent } from '#schemas/cms.ts'
import { baseSecurityHeaders, isHttps } from './platform/http/http-security.ts'
import { PUBLISHED, type ContentService } from './features/content/index.ts'
import type { Logger } from './platform/logger.ts'
import { createTenantResolver } from './tenants.ts'

/** The published content of one version, serialised once, with its compressed forms made when first asked for. */
interface Encoded {
  json: Buffer
  etag: string
  br?: Buffer
  gzip?: Buffer
}

/**
 * The server's Node request listener: `GET /api/cms` (the published content, asked for by every
 * client of the content service) is answered here from bytes serialised once per published
 * version, with an ETag (`If-None-Match` gets a 304) and brotli or gzip by Accept-Encoding; every
 * other request, and this one with a query (a version, a preview token) or when the content
 * cannot be read, goes to the Hono app.
 *
 * Why: through @hono/node-server and the app's middleware (Request and Response objects, tenant,
 * headers, csrf, CORS, session lookup, the contract's response check) this answer misses the
 * server's budget against a bare Node handler of the same JSON by far (docs/adr/0022, with the
 * figures). The answer is the same: the same JSON, the security and CORS headers, a csrf cookie
 * for a visitor without one, the request log. It reads no session: the content is the same for
 * everyone, and fetching it is not activity that keeps a member's session alive.
 */
export function nodeListener(options: {
  fetch: (request: Request) => Response | Promise<Response>
  content: ContentService
  tenants: TenantsConfig
  logger: Logger
  trustProxy: boolean
}): RequestListener {
  const hono = getRequestListener(options.fetch)
  const resolveTenant = createTenantResolver(options.tenants)
  const encoded = new WeakMap<CmsContent, Encoded>()

  const encode = (content: CmsContent): Encoded => {
    let found = encoded.get(content)
    if (!found) {
      const json = Buffer.from(JSON.stringify(content))
      found = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }
      encoded.set(content, found)
    }
    return found
  }

  /** Whether the request came over HTTPS, directly or through a trusted proxy. */
  const overHttps = (req: IncomingMessage) =>
    isHttps(
      (req.socket as Partial<TLSSocket>).encrypted === true ? 'https:' : 'http:',
      header(req.headers['x-forwarded-proto']),
      options.trustProxy,
    )

  const answerContent = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now()
    const tenant = resolveTenant(req.headers.host)
    let body: Encoded
    try {
      body = encode(await options.content.get(tenant.groupKey, PUBLISHED))
    } catch {
      // No published version, or the database is away: the app answers (404, 500) as it would.
      await hono(req, res)
      return
    }
    // Node takes headers fastest as a flat list of names and values.
    const https = overHttps(req)
    // The same for everyone, revalidated by its ETag: it sets no cookie.
    const headers: string[] = [
      'Content-Type',
      'application/json',
      'Cache-Control',
      'no-cache',
      'ETag',
      body.etag,
      'Vary',
      'Accept-Encoding, Origin',
      ...baseSecurityHeaders(https).flat(),
    ]
    const origin = req.headers.origin
    if (origin && origin === new URL(tenant.publicUrl).origin)
      headers.push('Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Credentials', 'true')

    let status = 200
    let bytes: Buffer | undefined = body.json
    if (ifNoneMatch(req.headers['if-none-match'], body.etag)) {
      status = 304
      bytes = undefined
    } else {
      const accepted = req.headers['accept-encoding'] ?? ''
      if (/\bbr\b/.test(accepted)) {
        body.br ??= brotliCompressSync(body.json, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        })
        bytes = body.br
        headers.push('Content-Encoding', 'br')
      } else if (/\bgzip\b/.test(accepted)) {
        body.gzip ??= gzipSync(body.json, { level: 9 })
        bytes = body.gzip
        headers.push('Content-Encoding', 'gzip')
      }
    }
    if (bytes) headers.push('Content-Length', String(bytes.length))
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : bytes)
    options.logger.info(
      {
        method: req.method,
        path: '/api/cms',
        status,
        tenant: tenant.groupKey,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  }

  /**
   * A GET or HEAD with a body: no route reads one, and the app never sees it (the fetch API gives
   * these methods none), so Node would read it all off the wire after the answer. Refused here,
   * closing the connection, as the app's body limit refuses other methods' (server/platform/http/body-limit.ts).
   */
  const refuseBody = (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({ message: `A ${req.method} request takes no body` })
    res.writeHead(413, [
      'Content-Type',
      'application/json',
      'Content-Length',
      String(Buffer.byteLength(body)),
      'Connection',
      'close',
      ...baseSecurityHeaders(overHttps(req)).flat(),
    ])
    res.end(req.method === 'HEAD' ? undefined : body)
    options.logger.info({ method: req.method, path: req.url, status: 413 }, 'request')
  }

  return (req, res) => {
    const read = req.method === 'GET' || req.method === 'HEAD'
    if (read && hasBody(req)) refuseBody(req, res)
    else if (read && req.url === '/api/cms') void answerContent(req, res)
    else void hono(req, res)
  }
}

/** A request header's value (Node gives a list for a repeated one: the first). */
const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

/** Whether a request declares a body (Node reads an unread one off the wire once the answer is sent). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}
