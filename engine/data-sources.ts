import { queryOptions } from '@tanstack/react-query'
import type { ApiTransport } from './api.ts'
import type { SiteContent, SiteSession } from './site.ts'

/**
 * Where the engine gets its data. The server passes sources that call its services directly;
 * the browser passes sources that call the API. Both return parsed, validated data.
 */
export interface DataSources {
  /** The tenant's content: published when `version` is undefined. */
  content(version: string | undefined): Promise<SiteContent>
  session(): Promise<SiteSession>
  /**
   * How pages' API queries travel: on the server, the app's handlers called in-process as the
   * page's visitor, each answer parsed once (`ApiTransport.inProcess`); absent, the browser's `fetch`.
   */
  transport?: ApiTransport | undefined
}

/** The session of a visitor who is not signed in. */
export const SIGNED_OUT: SiteSession = { isAuthenticated: false }

export const contentQuery = (sources: DataSources, version: string | undefined) =>
  queryOptions({
    queryKey: ['cms', version ?? 'published'] as const,
    queryFn: () => sources.content(version),
    staleTime: Infinity,
  })

export const sessionQuery = (sources: DataSources) =>
  queryOptions({
    queryKey: ['auth'] as const,
    // Any error while checking the session means signed out.
    queryFn: () => sources.session().catch((): SiteSession => SIGNED_OUT),
    staleTime: 60_000,
  })
