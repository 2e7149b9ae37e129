import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** A route that takes a larger body than the default (or a smaller one), and what its refusal says. */
export interface RouteBodyLimit {
  method: string
  /** The exact path (a route with parameters would need a router here: none needs one yet). */
  path: string
  maxBytes: number
  message: string
}

/** A route's own body limit: the contract's method and path, the limit, and what its refusal says. */
export const limitFor = (
  { method, path }: { method: string; path: string },
  maxBytes: number,
  message: string,
): RouteBodyLimit => ({ method, path, maxBytes, message })

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`

/**
 * The answer to a body over its limit: a 413 in the API's error shape that also closes the
 * connection, so the server reads no more of the body (Node would otherwise read the rest off the
 * wire to reuse the connection).
 */
export const tooLarge = (c: Context, message: string) => c.json({ message }, 413, { Connection: 'close' })

/**
 * Limits the body of every request before anything reads it: a route's own limit where it has
 * one, the default elsewhere. A declared Content-Length over the limit
 * is refused before a byte of the body is read; a chunked body is counted as it arrives and
 * refused at the first byte over (hono's bodyLimit).
 */
export function bodyLimits(options: { defaultBytes: number; routes: readonly RouteBodyLimit[] }): MiddlewareHandler {
  const limiter = (maxBytes: number, message: string) =>
    bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, message) })
  const byRoute = new Map(
    options.routes.map((route) => [
      `${route.method.toUpperCase()} ${route.path}`,
      limiter(route.maxBytes, route.message),
    ]),
  )
  const byDefault = limiter(
    options.defaultBytes,
    `The request body is too large: at most ${kilobytes(options.defaultBytes)}`,
  )
  // A GET or HEAD reaches here without its body (the fetch API gives them none): the Node listener
  // refuses one that has a body (server/listener.ts).
  // Nor is one looked for: asking a request for its body builds a whole web Request (hono's Node
  // adapter makes one only when asked), a fifth of a cheap answer's time.
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const refused = await (byRoute.get(`${c.req.method} ${c.req.path}`) ?? byDefault)(c, next)
    if (Number(c.req.header('content-length')) >= LARGE_BODY_BYTES) collectAfterLargeBody()
    return refused
  }
}

/** A body this large (a grievance's files) leaves copies of itself behind: the bytes, their text, the parsed fields. */
const LARGE_BODY_BYTES = 1024 * 1024
/** The collection waits this long after a large body: a burst of them is collected once. */
const COLLECT_AFTER_MS = 1000
let collection: ReturnType<typeof setTimeout> | undefined

/**
 * Returns large requests' copies to the system once they are answered: V8 frees them only at its
 * next full collection, which a quiet server may not run for a long time (4 grievances with 6 MB of
 * files each left 30 to 70 MiB behind). One full collection (a few milliseconds) a second after the
 * last of them; without `--expose-gc` (scripts/node-settings.mjs) there is nothing to call.
 */
function collectAfterLargeBody(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc || collection) return
  collection = setTimeout(() => {
    collection = undefined
    gc()
  }, COLLECT_AFTER_MS)
  collection.unref()
}
