import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { sessionApi } from '#schemas/api/session.ts'
import { SIGNED_OUT } from '#schemas/runtime.ts'
import { callApi } from './api.ts'
import { useEngine } from './engine-context.tsx'
import { sessionQuery } from './data-sources.ts'

/**
 * Ends the session: tells the server (only when signed in), marks the visitor signed out,
 * forgets every member's data in the cache and goes to the sign-in page.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { sources, pathTo } = useEngine()
  return async () => {
    const { queryKey } = sessionQuery(sources)
    if (queryClient.getQueryData(queryKey)?.isAuthenticated) {
      await callApi(sessionApi.logout, {}).catch(() => undefined)
    }
    queryClient.removeQueries({ queryKey: ['api'] })
    queryClient.setQueryData(queryKey, SIGNED_OUT)
    await navigate(pathTo.signInPath)
  }
}
