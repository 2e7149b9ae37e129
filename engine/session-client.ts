import { useQueryClient } from '@tanstack/react-query'
import type { AuthSession } from '#schemas/runtime.ts'
import { sessionQuery } from './data-sources.ts'
import { useEngine } from './engine-context.tsx'

/** The session the site shows, as a sign-in (the site's own call) answered it. */
export type SiteSession = AuthSession

/** For a site's sign-in: replaces the session every part of the page shows, with no request. */
export function useSetSession(): (session: SiteSession) => void {
  const queryClient = useQueryClient()
  const { sources } = useEngine()
  return (session) => queryClient.setQueryData(sessionQuery(sources).queryKey, session)
}
