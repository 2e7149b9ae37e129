/**
 * Type-level tests of `useApiMutation`, checked by `npm run typecheck`: each `@ts-expect-error`
 * fails the typecheck if the error it expects disappears.
 */
import { useApiMutation } from './mutation.ts'
import { renameApi } from './test-helpers.tsx'

export function useWithoutInput() {
  const mutation = useApiMutation(renameApi, {
    // onSuccess gets the contract's input, typed.
    onSuccess: (answer, input) => `${answer.name} ${input.body.name} ${input.params.id}`,
  })
  mutation.mutate({ params: { id: 1 }, body: { name: 'A' } })
  // @ts-expect-error Without `input`, mutate takes the contract's input.
  mutation.mutate({ id: 1 })
  return mutation
}

export function useWithInput() {
  const mutation = useApiMutation(renameApi, {
    input: (item: { id: number; title: string }) => ({ params: { id: item.id }, body: { name: item.title } }),
    // onSuccess gets what mutate took, inferred from `input`.
    onSuccess: (answer, item) => `${answer.name} ${item.title}`,
  })
  mutation.mutate({ id: 1, title: 'A' })
  // @ts-expect-error With `input`, mutate takes what `input` takes.
  mutation.mutate({ params: { id: 1 }, body: { name: 'A' } })
  return mutation
}

export function useWithALoadedContract() {
  const mutation = useApiMutation(() => Promise.resolve(renameApi))
  mutation.mutate({ params: { id: 1 }, body: { name: 'A' } })
  return mutation
}

// @ts-expect-error What mutate takes is not the contract's input, so `input` must make it.
export const useNoInput = () => useApiMutation(renameApi, { onSuccess: (_answer, item: { id: number }) => item.id })
