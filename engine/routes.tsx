import type { QueryClient } from '@tanstack/react-query'
import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'
import type { Route } from '#schemas/engine/manifest.ts'
import { routesOf } from '#schemas/engine/routes-of.ts'
import type { PageId, ParamCheck, SiteChrome, SiteContent, SiteDefinition, SiteSession, SiteManifest } from './site.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import { ApiRequestError } from './api-client.ts'
import { apiQueryKey, apiQueryOptions, browserTransport, type AnyApiQuery, type ApiQuery } from './api.ts'
import { contentQuery, sessionQuery, SIGNED_OUT, type DataSources } from './data-sources.ts'
import { noRouteMatched, pageCheckFailed } from './errors.ts'
import { createPathTo } from './paths.ts'
import { withoutBasename } from './locale.ts'
import { RouteError } from './route-error.tsx'
import { PageView } from './page-view.tsx'
import { loadSchemaOf, type PageDataInput } from './block.ts'
import type { BlockRegistry } from './registry.ts'
import {
  PAGES_ROUTE_ID,
  ROOT_ROUTE_ID,
  pageHandleOf,
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
  /**
   * How a loader gets a query's data into the cache. Default: `queryClient.query` with
   * `staleTime: 'static'` (cached data is used as it is, as `ensureQueryData` did). The server
   * passes `fillOnce` (engine/server/fill.ts): its cache starts empty for each request.
   */
  fill?: QueryFill | undefined
  /**
   * The browser's: a signed-in session is checked again with each navigation (one small GET,
   * in parallel with the page's own loading), so a session ended elsewhere (a password changed in
   * another browser, the server's idle limit) shows as signed out at the next page, not only
   * after a reload. The server reads the session of each request anyway.
   */
  recheckSession?: boolean | undefined
  /** The router's basename: a locale's prefix (`/es`), or `/` for the default language. */
  basename?: string | undefined
}

/** Navigations this close together share one session check (a redirect, a double click). */
export const SESSION_RECHECK_MS = 1_000

/** Runs a query for a loader (once per key) and answers its data, which is then in the cache. */
export type QueryFill = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) => Promise<T>

const fillOf = ({ queryClient, fill }: RequestData): QueryFill =>
  fill ??
  (<T,>(options: { queryKey: readonly unknown[] }) =>
    queryClient.query({ ...(options as Parameters<QueryClient['query']>[0]), staleTime: 'static' }) as Promise<T>)

export interface RouteDependencies {
  manifest: SiteManifest
  registry: BlockRegistry
  site: SiteDefinition
  /**
   * The request data of a loader's request. Routes are built once (react-router ranks them once),
   * so per-request data is looked up, not captured.
   */
  data: (request: Request) => RequestData
  /** Called when a page's chunk fails to load (browser: reload at the target, once). Rethrow to show the error. */
  onChunkLoadError?: (error: unknown, target: string) => void
}

/** The blocks of the site's frame: the headers and the footer. */
const chromeKeys = ({ header, landingHeader, footer }: SiteChrome) => [header, landingHeader, footer]

/** The engine's own check of a path parameter: a row's id. */
const positiveInt: ParamCheck = (value) => (/^[1-9][0-9]{0,9}$/.test(value) ? {} : undefined)

/**
 * Turns the manifest into react-router routes: a root that loads content and session and
 * renders the chrome, a pathless layout that shows page errors inside the chrome, every
 * manifest route, and a catch-all that answers the non-fatal 404.
 */
export function createRoutes(deps: RouteDependencies): RouteObject[] {
  const { registry, manifest, site } = deps
  // A route's parameters are checked by rules the engine or the site defines (a page without a block
  // renders the fallback, inside the chrome: UnknownBlockError).
  for (const route of routesOf(manifest.routes)) {
    for (const rule of Object.values(route.params ?? {}))
      if (rule !== 'positive-int' && !site.params[rule])
        throw new Error(
          `The site’s manifest is invalid: the site defines no check for the path parameter rule "${rule}"`,
        )
  }
  const pathTo = createPathTo(manifest)

  /** A request's site path: its path without the locale's prefix (the manifest's and `pathTo`'s paths). */
  const sitePath = (request: Request) =>
    withoutBasename(new URL(request.url).pathname, deps.data(request).basename ?? '/')

  /**
   * Sends a visitor who may not open a member page to the sign-in page, to come back after. Both
   * are site paths: the router adds the locale's prefix to the redirect, the sign-in page to its return.
   */
  const toSignIn = (request: Request) =>
    redirect(pathTo(manifest.signInPage!, {}, { redirect: `${sitePath(request)}${new URL(request.url).search}` }))

  /**
   * Runs the queries the page's block declares (in the browser through `fetch`, on the server
   * in-process), each once (`RequestData.fill`: in the browser cached data is used as it is), so
   * the page renders with its data and the browser gets it in the dehydrated cache. A failed query is left to its block (an error view with a retry), except: a required
   * one answering 404 makes the page a 404, and a 401 on a member page means the session ended.
   */
  const loadPageData = async (
    route: Route<PageId>,
    request: Request,
    input: PageDataInput,
    onChunkLoadError: (error: unknown) => Promise<never>,
  ) => {
    const queries = await registry.pageQueries(route.page, input).catch(onChunkLoadError)
    const requestData = deps.data(request)
    const { queryClient, sources } = requestData
    const guard = () => {
      const target = registry.loadedDefinition(route.page)?.guard?.({
        ...input,
        path: sitePath(request),
        pathTo,
        outcome: (query) => {
          const state = queryClient.getQueryState(apiQueryKey(query as AnyApiQuery))
          if (state?.status === 'success') return { data: state.data as never }
          if (state?.status === 'error') return { error: state.error }
          return undefined
        },
      })
      if (target !== undefined) throw redirect(target)
    }
    if (!queries.length) return guard()
    const transport = sources.transport ?? browserTransport
    const fill = fillOf(requestData)
    const results = await Promise.allSettled(
      queries.map((query) => fill(apiQueryOptions(query as ApiQuery, transport))),
    )
    results.forEach((result, index) => {
      if (result.status === 'fulfilled' || !(result.reason instanceof ApiRequestError)) return
      const url = new URL(request.url)
      if (result.reason.status === 404 && queries[index]?.required) throw pageCheckFailed(url.pathname)
      if (result.reason.status === 401 && route.access === 'member' && manifest.signInPage) {
        queryClient.setQueryData(sessionQuery(sources).queryKey, SIGNED_OUT)
        throw toSignIn(request)
      }
    })
    guard()
  }

  /**
   * The content of a request's version. A previewed version that cannot be loaded (unknown,
   * or not allowed) falls back to the published content, and the page says why.
   */
  const resolveVersion = async (request: Request): Promise<RootLoaderData> => {
    const data = deps.data(request)
    const version = data.previewVersion(request)
    if (!version) return {}
    try {
      await fillOf(data)(contentQuery(data.sources, version))
      return { version }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { previewError: `Version “${version}” could not be shown (${reason}). This is the published site.` }
    }
  }

  const loadContent = async (request: Request) => {
    const data = deps.data(request)
    const { version } = await resolveVersion(request)
    return fillOf(data)<SiteContent>(contentQuery(data.sources, version))
  }

  const loadSession = (request: Request) => {
    const data = deps.data(request)
    return fillOf(data)<SiteSession>(sessionQuery(data.sources))
  }

  /** A page's session: in the browser, a signed-in one is checked with the server again (RequestData.recheckSession). */
  const recheckSession = (request: Request): Promise<SiteSession> => {
    const data = deps.data(request)
    const query = sessionQuery(data.sources)
    const known = data.queryClient.getQueryData<SiteSession>(query.queryKey)
    if (!data.recheckSession || !known?.isAuthenticated) return loadSession(request)
    // A member page whose session ended answers 401 to its queries and goes to the sign-in page.
    return data.queryClient.query({ ...query, staleTime: SESSION_RECHECK_MS })
  }

  const rootLoader = async ({ request }: LoaderFunctionArgs): Promise<RootLoaderData> => {
    const [data, content] = await Promise.all([resolveVersion(request), loadContent(request), loadSession(request)])
    await registry.preload(chromeKeys(site.chrome(content)))
    return data
  }

  const toRouteObject = (route: Route<PageId>): RouteObject => {
    const handle: PageHandle = {
      page: route.page,
      pageClass: route.class ?? 'page',
      title: route.title,
      ...(route.personal && { personal: true }),
    }
    const loader = async ({ request, params }: LoaderFunctionArgs): Promise<PageLoaderData> => {
      const url = new URL(request.url)
      const { pathname } = url
      // Started first: it runs while the content, parameters and search are checked.
      const sessionCheck = recheckSession(request)
      const content = await loadContent(request)
      let title = site.pageTitle?.(content, route.page) ?? route.title
      for (const [name, rule] of Object.entries(route.params ?? {})) {
        const value = params[name]
        const check = rule === 'positive-int' ? positiveInt : site.params[rule]!
        const checked = value === undefined ? undefined : check(value, content)
        if (!checked) throw pageCheckFailed(pathname)
        if ('title' in checked) title = checked.title
      }
      const search = await parseSearch(route, url)
      const session = await sessionCheck
      // Content managers browse the site as visitors do: only a member is signed in here.
      const member = site.isMember(session)
      if (route.access === 'member' && !member) throw toSignIn(request)
      if (route.redirectWhenSignedIn && member) throw redirect(route.redirectWhenSignedIn)
      const reloadOnChunkError = (error: unknown) => {
        if (!deps.onChunkLoadError) throw error
        deps.onChunkLoadError(error, request.url)
        // The page is reloading at the target: this navigation must not finish (its history entry
        // would cancel the reload), so it waits for the new document.
        return new Promise<never>(() => {})
      }
      // The page's block, and the props schemas of the page and the chrome (the header's props change
      // with the path), loaded while the page's queries run: they need only the block's component.
      const blocks = registry.preload([route.page, ...chromeKeys(site.chrome(content))]).catch(reloadOnChunkError)
      await registry.preload([route.page], { schemas: false }).catch(reloadOnChunkError)
      const input = { page: route.page, params, search, session, content }
      // The page's queries and its sections' (their blocks load with their props schemas: they render with the page).
      await Promise.all([loadPageData(route, request, input, reloadOnChunkError), blocks])
      return { title, search }
    }
    const children = (route.children ?? []).map(toRouteObject)
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
      errorElement: <RouteError />,
      children: [
        {
          id: PAGES_ROUTE_ID,
          errorElement: <RouteError />,
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

/**
 * The route's search parameters, parsed with its schema. Invalid values are a 400 whose message
 * says which parameter is wrong and why (shown by the error view inside the site's chrome).
 */
async function parseSearch(route: Route<PageId>, url: URL): Promise<Record<string, unknown>> {
  const raw = Object.fromEntries(url.searchParams)
  if (!route.search) return raw
  // A loaded schema (the site's) arrives with the route's first navigation.
  const schema = await loadSchemaOf(route.search)
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const error = ValidationError.fromZod(parsed.error)
  throw data(
    {
      message: `This address has an invalid search parameter: ${error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      fatal: false,
    },
    { status: 400 },
  )
}

/** Every block key the matched routes of a request need, for preloading. */
export function pageKeysOf(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches.flatMap(({ route }) => pageHandleOf(route.handle)?.page ?? [])
}
