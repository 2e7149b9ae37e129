/**
 * The engine's entry for blocks that change API data (`#engine/mutation`): apart from `#engine/data`,
 * so a page that only reads data does not load TanStack Query's mutation machinery.
 */
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query'
import type { ApiContract, ContractInput, ContractRef, ContractResponse } from '#schemas/engine/contract.ts'
import { callApi } from './api.ts'
import { useApiTransport } from './api-transport.ts'

/** A contract, a reference to one, or a loader of either (a contract that comes with a form's own module). */
export type MutationContract<C extends ApiContract> = ContractRef<C> | (() => Promise<ContractRef<C>>)

type MutationOptions<C extends ApiContract, Variables> = Omit<
  UseMutationOptions<ContractResponse<C>, Error, NoInfer<Variables>>,
  'mutationFn' | 'onSuccess'
> & {
  /** Runs before the mutation settles: what it returns is awaited, so the mutation stays pending through it. */
  onSuccess?: (data: ContractResponse<C>, variables: NoInfer<Variables>, client: QueryClient) => unknown
  /** Headers of the request, made as it is sent (the bot check's token). */
  headers?: () => Promise<Record<string, string>> | Record<string, string>
}

/** Makes the call's input from what `mutate` takes. */
type Prepare<C extends ApiContract, Variables> = (variables: Variables) => Promise<ContractInput<C>> | ContractInput<C>
/** `input` may be left out only where what `mutate` takes is the call's input itself. */
type Preparation<C extends ApiContract, Variables> = [Variables] extends [ContractInput<C>]
  ? { input?: Prepare<C, Variables> }
  : { input: Prepare<C, Variables> }

/**
 * A mutation of a contract (the csrf header is sent by the API client). `onSuccess` receives the
 * query client to update or invalidate what the change affects. Its error is the API client's
 * `ApiRequestError`, or the error of a step before the request (the network, the bot check, `input`).
 *
 * With `input`, `mutate` takes what the visitor chose and `input` makes the call's input from it
 * inside the mutation, so the pending state and the error cover that step too (a card token asked
 * of the processor's card fields, a checkout started first).
 */
export function useApiMutation<C extends ApiContract, Variables = ContractInput<C>>(
  api: MutationContract<C>,
  options?: MutationOptions<C, Variables> & Preparation<C, Variables>,
): UseMutationResult<ContractResponse<C>, Error, Variables> {
  const client = useQueryClient()
  const transport = useApiTransport()
  const { onSuccess, headers, input, ...rest }: MutationOptions<C, Variables> & { input?: Prepare<C, Variables> } =
    options ?? {}
  return useMutation<ContractResponse<C>, Error, Variables>({
    // A submit goes out at once, as a form's own request would: offline, it fails with the API
    // client's message instead of waiting (TanStack's default pauses a mutation until online).
    networkMode: 'always',
    ...rest,
    mutationFn: async (variables) => {
      const contract = typeof api === 'function' ? await api() : api
      // Without `input`, what `mutate` takes is the call's input (Preparation requires `input` otherwise).
      const sent = input ? await input(variables) : (variables as ContractInput<C>)
      return callApi(contract, sent, { transport, ...(headers ? { headers: await headers() } : {}) })
    },
    onSuccess: (data, variables) => onSuccess?.(data, variables, client),
  })
}
