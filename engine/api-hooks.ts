import { useMutation, useQueryClient, useSuspenseQueries, useSuspenseQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { ApiContract, ContractInput, ContractRef, ContractResponse } from '#schemas/contract.ts'
import type { ApiRequestError } from './api-client.ts'
import { apiQueryKey, apiQueryOptions, browserTransport, callApi, type ApiQuery } from './api.ts'
import { useEngine } from './engine-context.tsx'

/** Reads a described query (already in the cache when the route loader ran it); suspends otherwise. */
export function useApiQuery<C extends ApiContract>(query: ApiQuery<C>) {
  return useSuspenseQuery(apiQueryOptions(query, useEngine().sources.transport ?? browserTransport))
}

/** Reads several described queries of one contract at once (a list known only from content). */
export function useApiQueries<C extends ApiContract>(queries: readonly ApiQuery<C>[]): ContractResponse<C>[] {
  const transport = useEngine().sources.transport ?? browserTransport
  return useSuspenseQueries({ queries: queries.map((query) => apiQueryOptions(query, transport)) }).map((result) => result.data)
}

/** Puts a fresh answer into the cache, for a mutation that returns the new state. */
export function setApiData<C extends ApiContract>(client: QueryClient, query: ApiQuery<C>, data: ContractResponse<C>): void {
  client.setQueryData(apiQueryKey(query), data)
}

/** Marks every cached query of these contracts stale, so what is on screen refetches. */
export async function invalidateApi(client: QueryClient, ...contracts: ContractRef[]): Promise<void> {
  await Promise.all(contracts.map((api) => client.invalidateQueries({ queryKey: ['api', api.method, api.path] })))
}

/**
 * A mutation of a contract (the csrf header is sent by the API client). `onSuccess` receives the
 * query client to update or invalidate what the change affects.
 */
export function useApiMutation<C extends ApiContract>(
  api: ContractRef<C>,
  options: Omit<UseMutationOptions<ContractResponse<C>, ApiRequestError, ContractInput<C>>, 'mutationFn' | 'onSuccess'> & {
    onSuccess?: (data: ContractResponse<C>, input: ContractInput<C>, client: QueryClient) => unknown
    headers?: () => Promise<Record<string, string>> | Record<string, string>
  } = {},
) {
  const client = useQueryClient()
  const transport = useEngine().sources.transport ?? browserTransport
  const { onSuccess, headers, ...rest } = options
  return useMutation<ContractResponse<C>, ApiRequestError, ContractInput<C>>({
    ...rest,
    mutationFn: async (input) => callApi(api, input, { transport, ...(headers ? { headers: await headers() } : {}) }),
    onSuccess: (data, input) => onSuccess?.(data, input, client),
  })
}
