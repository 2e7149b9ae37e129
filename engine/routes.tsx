import type { QueryClient } from '@tanstack/react-query'
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'
import type { CmsContent } from '#schemas/cms.ts'
import type { Manifest, ParamRule, Route } from '#schemas/manifest.ts'
import { contentQuery, sessionQuery, type DataSources } from './data-sources.ts'
import { noRouteMatched, pageCheckFailed } from './errors.ts'
import { RouteErrorView } from './error-view.tsx'
import { PageView } from './page-view.tsx'
import type { BlockRegistry } from './registry.ts'
import {
  PAGES_ROUTE_ID,
  ROOT_ROUTE_ID,
  pageHandleSchema,
  type PageHandle,
  type PageLoaderData,
  type RootLoaderData,
} from './route-meta.ts'
import { SiteShell } from './site-shell.tsx'

/** What loaders need for one request: the server has one per request, the browser one per page. */
export interface RequestData {
  queryClient: QueryClient
  sources: DataSources
  /** Reads the previewed content version of a request (server: query or cookie; browser: query or storage). */
  previewVersion: (request: Request) => string | undefined
}

export interface RouteDependencies {
  manifest: Manifest
  registry: BlockRegistry
  /**
   * The request data of a loader's request. Routes are built once (react-router ranks them once),
   * so per-request data is looked up, not captured.
   */
  data: (request: Request) => RequestData
  /** Called when a page's chunk fails to load (browser: reload at the target, once). Rethrow to show the error. */
  onChunkLoadError?: (error: unknown, target: string) => void
}

const PARAM_CHECKS: Record<ParamRule, (value: string, content: CmsContent) => boolean> = {
  'positive-int': (value) => /^[1-9][0-9]{0,9}$/.test(value),
  'landing-slug': (value, content) => content.landing_pages.some((page) => page.slug === value),
}


/**
 * Turns the manifest into react-router routes: a root that loads content and session and
 * renders the chrome, a pathless layout that shows page errors inside the chrome, every
 * manifest route, and a catch-all that answers the non-fatal 404.
 */
export function createRoutes(deps: RouteDependencies): RouteObject[] {
  const { registry } = deps

  /**
   * The content of a request's version. A previewed version that cannot be loaded (unknown,
   * or not allowed) falls back to the published content, and the page says why.
   */
  const resolveVersion = async (request: Request): Promise<RootLoaderData> => {
    const { queryClient, sources, previewVersion } = deps.data(request)
    const version = previewVersion(request)
    if (!version) return {}
    try {
      await queryClient.query({ ...contentQuery(sources, version), staleTime: 'static' })
      return { version }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { previewError: `Version “${version}” could not be shown (${reason}). This is the published site.` }
    }
  }

  const loadContent = async (request: Request) => {
    const { queryClient, sources } = deps.data(request)
    const { version } = await resolveVersion(request)
    return queryClient.query({ ...contentQuery(sources, version), staleTime: 'static' })
  }

  const loadSession = (request: Request) => {
    const { queryClient, sources } = deps.data(request)
    return queryClient.query({ ...sessionQuery(sources), staleTime: 'static' })
  }

  const rootLoader = async ({ request }: LoaderFunctionArgs): Promise<RootLoaderData> => {
    const [data, content] = await Promise.all([resolveVersion(request), loadContent(request), loadSession(request)])
    await registry.preload([content.layout.header, content.layout.landing_header, content.layout.footer])
    return data
  }

  const toRouteObject = (route: Route): RouteObject => {
    const handle: PageHandle = { page: route.page, pageClass: route.class, title: route.title }
    const loader = async ({ request, params }: LoaderFunctionArgs): Promise<PageLoaderData> => {
      const pathname = new URL(request.url).pathname
      const content = await loadContent(request)
      let title = route.title
      for (const [name, rule] of Object.entries(route.params)) {
        const value = params[name]
        if (value === undefined || !PARAM_CHECKS[rule](value, content)) throw pageCheckFailed(pathname)
        if (rule === 'landing-slug') title = content.landing_pages.find((page) => page.slug === value)?.title
      }
      if (route.redirectWhenSignedIn) {
        const session = await loadSession(request)
        if (session.isAuthenticated) throw redirect(route.redirectWhenSignedIn)
      }
      await registry.preload([route.page]).catch((error: unknown) => {
        if (!deps.onChunkLoadError) throw error
        deps.onChunkLoadError(error, request.url)
      })
      return { title }
    }
    const children = route.children.map(toRouteObject)
    const common = { id: route.page, handle, loader, element: <PageView routeId={route.page} handle={handle} /> }
    return route.index ? { ...common, index: true } : { ...common, path: route.path, children }
  }

  return [
    {
      id: ROOT_ROUTE_ID,
      loader: rootLoader,
      element: <SiteShell />,
      // Shown by a router that starts without server data (the playground's preview) while it loads.
      hydrateFallbackElement: <div aria-busy="true" className="min-h-screen" />,
      errorElement: <RouteErrorView />,
      children: [
        {
          id: PAGES_ROUTE_ID,
          errorElement: <RouteErrorView />,
          children: [
            ...deps.manifest.routes.map(toRouteObject),
            {
              id: 'not-found',
              path: '*',
              // Never rendered: its loader always throws the 404 that the pages' error view shows.
              element: null,
              loader: ({ request }: LoaderFunctionArgs) => {
                throw noRouteMatched(new URL(request.url).pathname)
              },
            },
          ],
        },
      ],
    },
  ]
}

/** Every block key the matched routes of a request need, for preloading. */
export function pageKeysOf(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches.flatMap(({ route }) => {
    const handle = pageHandleSchema.safeParse(route.handle)
    return handle.success ? [handle.data.page] : []
  })
}
