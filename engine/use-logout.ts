import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { SIGNED_OUT } from '#schemas/runtime.ts'
import { z } from 'zod'
import { apiRequest } from './api-client.ts'
import { useEngine } from './engine-context.tsx'
import { sessionQuery } from './data-sources.ts'

export const MEMBER_LOGIN_PATH = '/member-login'

/**
 * Ends the session: tells the server (only when signed in), marks the visitor signed out
 * and goes to the member login page.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { sources } = useEngine()
  return async () => {
    const { queryKey } = sessionQuery(sources)
    if (queryClient.getQueryData(queryKey)?.isAuthenticated) {
      await apiRequest({ path: '/api/v4/member/logout', method: 'POST', schema: z.unknown() }).catch(() => undefined)
    }
    queryClient.setQueryData(queryKey, SIGNED_OUT)
    await navigate(MEMBER_LOGIN_PATH)
  }
}
