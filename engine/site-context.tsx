import {
  environmentManager,
  useQueryClient,
  useSuspenseQuery,
  type QueryKey,
  type UseSuspenseQueryOptions,
} from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import { useRouteLoaderData } from 'react-router-dom'
import { contentQuery, sessionQuery } from './data-sources.ts'
import { useEngine } from './engine-context.tsx'
import type { BlockContext } from './block-context.ts'
import { ROOT_ROUTE_ID, type RootLoaderData } from './route-meta.ts'
import type { SiteContent, SiteSession } from './site.ts'

/** The root loader's data (none in a tree without the engine's root route: a story, the gallery). */
function useRootData(): RootLoaderData {
  return useRouteLoaderData<RootLoaderData | undefined>(ROOT_ROUTE_ID) ?? {}
}

/** The previewed content version, or undefined on the published site. */
export function usePreviewVersion(): string | undefined {
  return useRootData().version
}

/** Why a requested preview version is not shown, if it is not. */
export function usePreviewError(): string | undefined {
  return useRootData().previewError
}

/**
 * A query the route loaders have put in the cache. The server reads it as it is: nothing changes
 * or refetches during its one render, so the observer `useSuspenseQuery` makes (to follow the
 * query in the browser) would only be thrown away with the request.
 */
function useLoadedQuery<T, K extends QueryKey>(options: UseSuspenseQueryOptions<T, Error, T, K>): T {
  const queryClient = useQueryClient()
  const cached = environmentManager.isServer() ? queryClient.getQueryData<T>(options.queryKey) : undefined
  if (cached !== undefined) return cached
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the same for every render in a runtime: the server reads the loaders' data, the browser follows the query
  return useSuspenseQuery(options).data
}

/** The tenant's parsed content for this page (already in the query cache before render). */
export function useSiteContent(): SiteContent {
  const { sources } = useEngine()
  return useLoadedQuery(contentQuery(sources, usePreviewVersion()))
}

/** The visitor's session. */
export function useSession(): SiteSession {
  const { sources } = useEngine()
  return useLoadedQuery(sessionQuery(sources))
}

/** The chrome's block context, handed to pages so they extend it with their params. */
export const ShellContext = createContext<BlockContext | null>(null)

export function useShellContext(): BlockContext {
  const value = useContext(ShellContext)
  if (!value) throw new Error('useShellContext: render inside the site shell')
  return value
}
