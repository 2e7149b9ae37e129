import type { z } from '#schemas/engine/zod.ts'
import { ApiRequestError, RETRY_STATUSES } from './api-client.ts'

// The browser's requests to the API: a module of its own, loaded with the first call (`callApi`),
// beside that call's schemas: a page starts without it.

export interface ApiRequest<T> {
  path: string
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Every response is parsed with this schema; a response of another shape is an error. */
  schema: z.ZodMiniType<T>
  headers?: Record<string, string>
  signal?: AbortSignal
}

const CSRF_HEADER = 'csrf-token'
const csrfMeta = () =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')

/** Reads the csrf token the server put in the page's `<meta name="csrf-token">`. */
export function csrfTokenFromPage(): string | undefined {
  return csrfMeta()?.content || undefined
}

/**
 * Keeps the page's csrf token current: the server sends a new one in an answer's `csrf-token`
 * header when it made one (sign-in and sign-out bind a new one to the session). Returns whether
 * the token changed.
 */
function takeCsrfToken(response: Response): boolean {
  const token = response.headers.get(CSRF_HEADER)
  const meta = csrfMeta()
  if (!token || !meta || meta.content === token) return false
  meta.content = token
  return true
}

/** The page's language (`<html lang>`): the API's answers, and what it records (a new member's language), follow it. */
const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang)

/**
 * The browser's API client: sends the page's language and, on state-changing requests, the csrf
 * header; retries a GET once on the statuses of the specification, and parses every response with
 * its schema.
 */
export async function apiRequest<T>(request: ApiRequest<T>, fetcher: typeof fetch = fetch): Promise<T> {
  const method = request.method ?? 'GET'
  const language = pageLanguage()
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(language && { 'accept-language': language }),
    ...request.headers,
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  const init = (): RequestInit => {
    const token = method === 'GET' ? undefined : csrfTokenFromPage()
    return {
      method,
      headers: token ? { ...headers, [CSRF_HEADER]: token } : headers,
      credentials: 'same-origin',
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    }
  }
  let response = await fetcher(request.path, init())
  if (method === 'GET' && RETRY_STATUSES.has(response.status)) response = await fetcher(request.path, init())
  // Refused for an old token (the visitor signed in or out in another tab): once more with the new one.
  if (takeCsrfToken(response) && method !== 'GET' && response.status === 403) {
    response = await fetcher(request.path, init())
    takeCsrfToken(response)
  }

  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    // The error's schema loads with the first failed request (zod is not part of a page's start).
    const { apiErrorSchema } = await import('#schemas/engine/engine-api.ts')
    const error = apiErrorSchema.safeParse(body)
    const retryAfter = Number(response.headers.get('retry-after')) || undefined
    throw error.success
      ? new ApiRequestError(response.status, error.data.message, error.data.issues, retryAfter)
      : new ApiRequestError(response.status, `Request failed with status ${response.status}`, [], retryAfter)
  }
  const parsed = request.schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiRequestError(response.status, `Unexpected response from ${request.path}: ${parsed.error.message}`)
  }
  return parsed.data
}
