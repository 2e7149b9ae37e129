import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { useEngine } from './engine-context.tsx'
import { SIGNED_OUT, sessionQuery } from './data-sources.ts'

/**
 * Ends the session: tells the server (only when signed in), marks the visitor signed out,
 * forgets every member's data in the cache and goes to the sign-in page (which, given a
 * `returnTo` path, brings the member back there after signing in).
 */
export function useLogout(): (options?: { returnTo?: string | undefined }) => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { sources, pathTo, site } = useEngine()
  return async ({ returnTo } = {}) => {
    const { queryKey } = sessionQuery(sources)
    if (queryClient.getQueryData(queryKey)?.isAuthenticated) {
      await site.api.signOut().catch(() => undefined)
    }
    queryClient.removeQueries({ queryKey: ['api'] })
    queryClient.setQueryData(queryKey, SIGNED_OUT)
    await navigate(
      returnTo ? `${pathTo.signInPath}?${new URLSearchParams({ redirect: returnTo }).toString()}` : pathTo.signInPath,
    )
  }
}
