import { Context } from 'hono'
import { getPath } from 'hono/utils/url'
import type { ApiContract } from '#schemas/engine/contract.ts'
import { addressRefusal } from './address-check.ts'
import { endpointAnswer, HttpError, type Endpoint, type ResolveContext } from './endpoint.ts'

/** A path pattern (`/api/v4/offices/:id`) as a match of a whole path, with its parameters' names. */
function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = path
    .split(/(:[A-Za-z]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(part.slice(1))
      return '([^/]+)'
    })
    .join('')
  return { pattern: new RegExp(`^${source}$`), names }
}

/** A parameter as the router gives it: decoded, or as it is when its escapes are not text. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/**
 * The API's GET endpoints called in-process: how the server's pages load their data (server/app.ts).
 * A call names its contract's method and path and the address its request would go to, and is
 * answered as that request would be, without one through the app: its context (tenant, session,
 * address, cookies) resolved from a request to that address with the page's headers and socket,
 * the same access check, the inputs as the address carries them (text) parsed by the contract, and
 * the handler's answer checked by the contract once and given as it is, not written as JSON.
 * What the handler sets on its answer (a cookie, a header) stays there, as it did when the page's
 * data came through the app: no page's query needs it. Only GETs: a change goes through the app,
 * its csrf check and its body limits.
 */
export function inProcessCalls<Ctx>(endpoints: readonly Endpoint<Ctx>[], resolve: ResolveContext<Ctx>) {
  const routes = new Map(
    endpoints
      .filter(({ contract }) => contract.method === 'get' && !contract.file)
      .map((endpoint) => [endpoint.contract.path, { endpoint, ...pathPattern(endpoint.contract.path) }]),
  )
  /** The endpoint's checked answer; throws what its request would have been answered with (an `HttpError`, the handler's error). */
  return async (page: Context, api: Pick<ApiContract, 'method' | 'path'>, address: string): Promise<unknown> => {
    const url = new URL(address, page.req.url)
    const refusal = addressRefusal(url.href)
    if (refusal) throw refusal
    const request = new Request(url, { headers: page.req.raw.headers })
    // The page's socket (the client's address) and the address's path, as the router would give them.
    const c = new Context(request, { env: page.env as unknown, path: getPath(request) })
    const route = api.method === 'get' ? routes.get(api.path) : undefined
    const match = route?.pattern.exec(url.pathname)
    if (!route || !match) throw new HttpError(404, `Not found: GET ${c.req.path}`)
    const params = Object.fromEntries(route.names.map((name, index) => [name, decoded(match[index + 1]!)]))
    const ctx = await resolve(c, route.endpoint.contract.access)
    return endpointAnswer(route.endpoint, c, ctx, { params, query: Object.fromEntries(url.searchParams) })
  }
}
