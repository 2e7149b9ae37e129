import {
  useInfiniteQuery,
  useQuery,
  useSuspenseQueries,
  useSuspenseQuery,
  type QueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query'
import type { ApiContract, ContractRef, ContractResponse } from '#schemas/engine/contract.ts'
import { apiQueryKey, apiQueryOptions, callApi, type ApiQuery } from './api.ts'
import { useApiTransport } from './api-transport.ts'

/** Reads a described query (already in the cache when the route loader ran it); suspends otherwise. */
export function useApiQuery<C extends ApiContract>(query: ApiQuery<C>) {
  return useSuspenseQuery(apiQueryOptions(query, useApiTransport()))
}

/** Reads several described queries of one contract at once (a list known only from content). */
export function useApiQueries<C extends ApiContract>(queries: readonly ApiQuery<C>[]): ContractResponse<C>[] {
  const transport = useApiTransport()
  return useSuspenseQueries({ queries: queries.map((query) => apiQueryOptions(query, transport)) }).map(
    (result) => result.data,
  )
}

/** TanStack Query's options of a query, less the key and the function its description gives. */
export type ApiQueryResultOptions<C extends ApiContract> = Omit<
  UseQueryOptions<ContractResponse<C>, Error, ContractResponse<C>>,
  'queryKey' | 'queryFn'
>

/**
 * Reads a described query without suspending, for a view that shows its own waiting and failure
 * (the staff console's screens): the whole result, `isPending`, `error` and `refetch` with `data`.
 * `options` are TanStack Query's: `enabled` for a query that waits (a search for two letters),
 * `placeholderData: keepPreviousData` for a list that keeps its rows while the next filter's load.
 */
export function useApiQueryResult<C extends ApiContract>(query: ApiQuery<C>, options?: ApiQueryResultOptions<C>) {
  return useQuery({ ...apiQueryOptions(query, useApiTransport()), ...options })
}

/**
 * Reads a contract a page at a time, without suspending: `pageQuery` describes the page after a
 * cursor (the first page's cursor is `undefined`), `nextCursor` reads the next one from an answer
 * (`undefined` at the end). Its cache entry sits under the contract's, so `invalidateApi` reaches it.
 */
export function useApiPages<C extends ApiContract, Cursor>(
  pageQuery: (cursor: Cursor | undefined) => ApiQuery<C>,
  nextCursor: (answer: ContractResponse<C>) => Cursor | undefined,
  options: { staleTime?: number } = {},
) {
  const transport = useApiTransport()
  // The cursor in an object: TanStack's types know then that a page has one, even `undefined`.
  const first: { cursor: Cursor | undefined } = { cursor: undefined }
  return useInfiniteQuery({
    queryKey: [...apiQueryKey(pageQuery(undefined)), 'pages'],
    queryFn: ({ pageParam, signal }) => {
      const page = pageQuery(pageParam.cursor)
      return callApi(page.api, page.input, { transport, signal })
    },
    initialPageParam: first,
    getNextPageParam: (answer) => {
      const cursor = nextCursor(answer)
      return cursor === undefined ? undefined : { cursor }
    },
    retry: false,
    ...options,
  })
}

/** Puts a fresh answer into the cache, for a mutation that returns the new state. */
export function setApiData<C extends ApiContract>(
  client: QueryClient,
  query: ApiQuery<C>,
  data: ContractResponse<C>,
): void {
  client.setQueryData(apiQueryKey(query), data)
}

/** Marks every cached query of these contracts stale, so what is on screen refetches. */
export async function invalidateApi(client: QueryClient, ...contracts: ContractRef[]): Promise<void> {
  await Promise.all(contracts.map((api) => client.invalidateQueries({ queryKey: ['api', api.method, api.path] })))
}
