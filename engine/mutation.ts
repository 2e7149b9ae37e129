/**
 * The engine's entry for blocks that change API data (`#engine/mutation`): apart from `#engine/data`,
 * so a page that only reads data does not load TanStack Query's mutation machinery.
 */
import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { ApiContract, ContractInput, ContractRef, ContractResponse } from '#schemas/engine/contract.ts'
import type { ApiRequestError } from './api-client.ts'
import { browserTransport, callApi } from './api.ts'
import { useEngine } from './engine-context.tsx'

/**
 * A mutation of a contract (the csrf header is sent by the API client). `onSuccess` receives the
 * query client to update or invalidate what the change affects.
 */
export function useApiMutation<C extends ApiContract>(
  api: ContractRef<C>,
  options: Omit<
    UseMutationOptions<ContractResponse<C>, ApiRequestError, ContractInput<C>>,
    'mutationFn' | 'onSuccess'
  > & {
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
