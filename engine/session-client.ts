import { useQueryClient } from '@tanstack/react-query'
import { sessionQuery } from './data-sources.ts'
import { useEngine } from './engine-context.tsx'
import type { SiteSession } from './site.ts'

/** For a site's sign-in: replaces the session every part of the page shows (as the sign-in answered it), with no request. */
export function useSetSession(): (session: SiteSession) => void {
  const queryClient = useQueryClient()
  const { sources } = useEngine()
  return (session) => queryClient.setQueryData(sessionQuery(sources).queryKey, session)
}
