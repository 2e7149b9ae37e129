import { queryOptions } from '@tanstack/react-query'
import {
  contractUrl,
  resolveContract,
  type ApiContract,
  type ContractInput,
  type ContractRef,
  type ContractResponse,
} from '#schemas/engine/contract.ts'
import { ApiRequestError, RETRY_STATUSES } from './api-client.ts'

/**
 * What a contract's handler called in-process answers: its answer, parsed by the contract, or the
 * status, message and issues the request would have been answered with.
 */
export type ApiCallAnswer<T> =
  | { readonly ok: true; readonly data: T }
  | {
      readonly ok: false
      readonly status: number
      readonly message: string
      readonly issues?: { path: (string | number)[]; message: string }[] | undefined
      readonly retryAfterSeconds?: number | undefined
    }

/**
 * How API calls travel: the browser's `fetch`, or, on the server, the app's own. The server's also
 * answers a query in-process (`inProcess`): the contract's handler at the address the request would
 * go to, for the page's visitor, its answer parsed once by the contract, with no request through
 * the app and no JSON between.
 */
export interface ApiTransport {
  (path: string, init: RequestInit): Promise<Response>
  readonly inProcess?:
    (<C extends ApiContract>(api: C, path: string) => Promise<ApiCallAnswer<ContractResponse<C>>>) | undefined
}

/** `import.meta.env`: Vite's (`SSR` is false in the browser's bundle); none where Node runs a module itself. */
type MaybeViteMeta = { env?: { SSR?: boolean } }

export const browserTransport: ApiTransport = (path, init) => fetch(path, init)

const METHODS = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE' } as const

/** A contract's input, optional when the contract takes none. */
type InputArgs<C extends ApiContract> =
  object extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>]

/**
 * Calls an API contract: builds the URL from its path, params and query, sends the body, retries
 * a GET once on the specification's statuses, and parses the answer with the contract's response
 * schema. Throws an `ApiRequestError` with the server's message and issues.
 */
export async function callApi<C extends ApiContract>(
  ref: ContractRef<C>,
  input: ContractInput<C> | undefined,
  options: { transport?: ApiTransport; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ContractResponse<C>> {
  // A reference's schemas (and zod) load with its first call, beside the browser's request code.
  const [api, { apiRequest }] = await Promise.all([resolveContract(ref), import('./api-request.ts')])
  // A file is downloaded by following its address (contractUrl), not read as JSON.
  if (api.file) throw new Error(`${api.path} answers a file: link to it instead of calling it`)
  const values = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown }
  const path = contractUrl(api, values)
  // A query, in-process where the transport can; a change, or a call with headers of its own,
  // travels as a request (its csrf check and body limit are the app's).
  // Only a server answers in-process: the browser's bundle leaves the branch out.
  const inProcess = (import.meta as MaybeViteMeta).env?.SSR === false ? undefined : options.transport?.inProcess
  if (inProcess && api.method === 'get' && !options.headers) {
    let answer = await inProcess(api, path)
    if (!answer.ok && RETRY_STATUSES.has(answer.status)) answer = await inProcess(api, path)
    if (answer.ok) return answer.data
    throw new ApiRequestError(answer.status, answer.message, answer.issues, answer.retryAfterSeconds)
  }
  return apiRequest(
    {
      path,
      method: METHODS[api.method],
      body: values.body,
      schema: api.response,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    (path, init) => (options.transport ?? browserTransport)(path as string, init ?? {}),
  ) as Promise<ContractResponse<C>>
}

/**
 * A query a page needs, described without a transport: the same description gives the route
 * loader (server or browser) and the block's hook the same cache entry.
 */
export interface ApiQuery<C extends ApiContract = ApiContract> {
  readonly api: ContractRef<C>
  readonly input: ContractInput<C> | undefined
  /** When the answer is 404, the page itself is not found (`Page Not Found: {path}`). */
  readonly required?: boolean
}

/** Any described query, whatever its contract (what a page's `data` returns). */
export interface AnyApiQuery {
  readonly api: ContractRef
  readonly input: unknown
  readonly required?: boolean
}

/** Describes a GET of a contract as a query. */
export function apiQuery<C extends ApiContract>(api: ContractRef<C>, ...[input]: InputArgs<C>): ApiQuery<C> {
  return { api, input }
}

/** The same query, marked: a 404 answer makes the page a 404. */
export const requiredQuery = <C extends ApiContract>(query: ApiQuery<C>): ApiQuery<C> => ({ ...query, required: true })

/** The cache key of a contract's query: method, path and the input's params and query. */
export function apiQueryKey(query: { api: ContractRef; input: unknown }): readonly unknown[] {
  const input = (query.input ?? {}) as { params?: unknown; query?: unknown }
  return ['api', query.api.method, query.api.path, input.params ?? null, input.query ?? null]
}

/**
 * TanStack Query options for a described query. The API client retries a GET once (the
 * specification's rule), so the query library does not retry again. (An errored query is not
 * refetched when a suspense hook mounts: the part shows its error until Retry resets it.)
 */
export function apiQueryOptions<C extends ApiContract>(query: ApiQuery<C>, transport: ApiTransport) {
  return queryOptions({
    queryKey: apiQueryKey(query),
    queryFn: ({ signal }): Promise<ContractResponse<C>> => callApi(query.api, query.input, { transport, signal }),
    staleTime: 30_000,
    retry: false,
  })
}
