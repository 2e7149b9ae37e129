import { useSuspenseQueries, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import type { ApiContract, ContractRef, ContractResponse } from '#schemas/engine/contract.ts'
import { apiQueryKey, apiQueryOptions, browserTransport, type ApiQuery } from './api.ts'
import { useEngine } from './engine-context.tsx'

/** Reads a described query (already in the cache when the route loader ran it); suspends otherwise. */
export function useApiQuery<C extends ApiContract>(query: ApiQuery<C>) {
  return useSuspenseQuery(apiQueryOptions(query, useEngine().sources.transport ?? browserTransport))
}

/** Reads several described queries of one contract at once (a list known only from content). */
export function useApiQueries<C extends ApiContract>(queries: readonly ApiQuery<C>[]): ContractResponse<C>[] {
  const transport = useEngine().sources.transport ?? browserTransport
  return useSuspenseQueries({ queries: queries.map((query) => apiQueryOptions(query, transport)) }).map(
    (result) => result.data,
  )
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
