import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { EngineContext, type EngineValue } from './engine-context.tsx'
import { UiProvider } from './ui/ui-provider.tsx'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client retries idempotent requests itself (once, on the statuses of the spec).
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  })
}

/** Providers every rendering of the site shares: the engine's context and the query cache. */
export function EngineRoot({
  engine,
  queryClient,
  children,
}: {
  engine: EngineValue
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <EngineContext value={engine}>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          {children}
          <HydrationMarker />
        </UiProvider>
      </QueryClientProvider>
    </EngineContext>
  )
}

/**
 * Marks the document once React has hydrated it, for tools and tests: `<html data-hydrated="true">`.
 * Rendered on the server too (effects do not run there), so both trees have the same shape and
 * the same `useId` values.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
