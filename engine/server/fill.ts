import { hashKey, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query'
import type { QueryFill } from '../routes.tsx'

/** The signal of a server query: a page render is not cancelled once its loaders run. */
const NEVER_ABORTED = new AbortController().signal

/**
 * The server's way to fill a request's query cache: it starts empty, and nothing else reads it
 * until the loaders are done, so each query runs once (per key) and its answer is set in the cache
 * as it is (`setQueryData`), without the query machinery a browser cache needs (observers, retries,
 * refetches, cancellation). A failed query is recorded as TanStack Query records it, for its block's
 * error view.
 */
export function fillOnce(queryClient: QueryClient): QueryFill {
  const running = new Map<string, Promise<unknown>>()
  return <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) => {
    const hash = hashKey(options.queryKey)
    let answer = running.get(hash)
    if (!answer) {
      const queryFn = options.queryFn as (context: QueryFunctionContext) => Promise<T>
      const context = {
        queryKey: options.queryKey,
        signal: NEVER_ABORTED,
        meta: undefined,
        client: queryClient,
      } as QueryFunctionContext
      answer = Promise.resolve()
        .then(() => queryFn(context))
        .then(
          (data) => {
            queryClient.setQueryData(options.queryKey, data)
            return data
          },
          async (error: unknown) => {
            await queryClient
              .query({ queryKey: options.queryKey, queryFn: () => Promise.reject(error as Error), retry: false })
              .catch(() => undefined)
            throw error
          },
        )
      running.set(hash, answer)
    }
    return answer as Promise<T>
  }
}
