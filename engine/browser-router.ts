import {
  createPath,
  createStaticRouter,
  IDLE_NAVIGATION,
  matchRoutes,
  NavigationType,
  resolvePath,
  type HydrationState,
  type Location,
  type RouteObject,
  type RouterNavigateOptions,
  type RouterState,
  type RouterSubscriber,
  type To,
} from 'react-router-dom'
import { withoutBasename } from './locale.ts'

/** The router `RouterProvider` takes (react-router's data router interface). */
export type DataRouter = ReturnType<typeof createStaticRouter>
type Match = RouterState['matches'][number]
type ScrollPositions = Record<string, number>

/** What react-router's history keeps in `history.state`. */
interface HistoryEntry {
  usr: unknown
  key: string
  idx: number
}

/**
 * The site's router in the browser: react-router's data router interface (so `RouterProvider`,
 * links, `useLoaderData`, `useRouteError`, `useMatches` and `ScrollRestoration` work as they do
 * with `createBrowserRouter`), with the navigation written here. react-router's own browser router
 * would take a page over its initial JavaScript budget (docs/adr/0017, with the figure), most of it
 * for what this site does not use: actions and forms, fetchers, blockers, lazy routes, middleware,
 * partial revalidation.
 *
 * A navigation matches the routes, runs the loaders of every matched route (in parallel, as
 * react-router does; the content and the session come from the query cache, so that is cheap),
 * follows a redirect a loader throws, gives an error to the nearest route with an error element,
 * and then commits the new location to the history and the page at once. A newer navigation
 * cancels an older one; back and forward run the loaders of the entry they open and restore its
 * scroll position.
 *
 * `basename`: a locale's prefix (`/es`). Locations keep it, as react-router's do: routes match
 * below it, and a navigation to a site path (`/faq`, a link's `to`, a loader's redirect) gets it.
 */
export function createEngineRouter(routes: RouteObject[], hydration: HydrationState, basename = '/'): DataRouter {
  const url = new URL(window.location.href)
  const entry = readEntry()
  const initialLocation = toLocation(url, entry)
  const match = (location: Location) => matchRoutes(dataRoutes, location, basename) ?? []
  /** A site path in this page's language. */
  const prefixed = (pathname: string) =>
    basename === '/' ? pathname : pathname === '/' ? basename : `${basename}${pathname}`
  // react-router's static router: the routes as data routes, their ids and `createHref`. Its state
  // is the server's render of this page (the matches are the data routes', below).
  const base = createStaticRouter(routes, {
    basename,
    location: initialLocation,
    matches: [],
    loaderData: hydration.loaderData ?? {},
    actionData: null,
    errors: hydration.errors ?? null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  })
  const dataRoutes = base.routes

  let state: RouterState = {
    ...base.state,
    matches: match(initialLocation),
    // A failed page's errors, as the error view's code read them (client.tsx: `readServerErrors`).
    errors: hydration.errors ?? null,
    // The page is where the browser put it (a visitor may have scrolled before hydration).
    restoreScrollPosition: false,
  }
  const subscribers = new Set<RouterSubscriber>()
  let pending: AbortController | undefined
  let index = entry.idx

  /** Adds or replaces the history entry of a navigation. */
  const writeEntry = (action: NavigationType, next: HistoryEntry, href: string) => {
    index = next.idx
    if (action === NavigationType.Push) window.history.pushState(next, '', href)
    else window.history.replaceState(next, '', href)
  }
  let scroll:
    | { positions: ScrollPositions; position: () => number; key: (location: Location, matches: Match[]) => string }
    | undefined

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next }
    const errors = next.errors ?? null
    for (const subscriber of [...subscribers])
      subscriber(state, { deletedFetchers: [], newErrors: errors, flushSync: false })
  }

  const savedPosition = (location: Location, matches: Match[]): number | null => {
    if (!scroll) return null
    return scroll.positions[scroll.key(location, matches)] ?? null
  }

  const saveScrollPosition = () => {
    if (scroll) scroll.positions[scroll.key(state.location, state.matches)] = scroll.position()
  }

  /**
   * Loads `location` and shows it. `push`: a new history entry; `replace`: instead of the current
   * one; `pop`: the browser already moved (back, forward).
   */
  async function load(
    location: Location,
    action: NavigationType,
    options: { preventScrollReset?: boolean } = {},
    redirects = 0,
  ): Promise<void> {
    pending?.abort()
    const controller = new AbortController()
    pending = controller
    if (action !== NavigationType.Pop) saveScrollPosition()
    const matches = match(location)
    update({
      navigation: {
        ...IDLE_NAVIGATION,
        state: 'loading',
        location,
        matches,
        historyAction: action,
      } satisfies RouterState['navigation'],
    })

    const href = createPath(location)
    const url = new URL(href, window.location.origin)
    const request = new Request(url, { signal: controller.signal })
    // The matched path pattern, as react-router gives it to loaders (/office/:officeId).
    const pattern = matches
      .map((match) => match.route.path ?? '')
      .filter(Boolean)
      .join('/')
      .replace(/\/+/g, '/')
    const outcomes = await Promise.all(
      matches.map(async (match) => {
        const loader = match.route.loader
        if (typeof loader !== 'function') return { match, ok: true as const, value: undefined }
        try {
          return {
            match,
            ok: true as const,
            value: await loader({ request, url, pattern, params: match.params, context: undefined }),
          }
        } catch (error) {
          return { match, ok: false as const, value: error }
        }
      }),
    )
    if (controller.signal.aborted) return
    pending = undefined

    // A redirect (a member page without a session, a signed-in visitor on the sign-in page, a
    // checkout step not reached yet) opens its target instead, in the same history entry.
    for (const outcome of outcomes) {
      const target = redirectTarget(outcome.value)
      if (target === undefined) continue
      const next = new URL(
        target.startsWith('/') && !target.startsWith('//') ? prefixed(target) : target,
        window.location.origin,
      )
      if (next.origin !== window.location.origin || redirects >= 20) {
        window.location.assign(next.href)
        return
      }
      return load(
        toLocation(next, { usr: null, key: createKey(), idx: 0 }),
        action === NavigationType.Pop ? NavigationType.Replace : action,
        options,
        redirects + 1,
      )
    }

    const loaderData: RouterState['loaderData'] = {}
    const errors: Record<string, unknown> = {}
    for (const [position, outcome] of outcomes.entries()) {
      if (outcome.ok) {
        if (outcome.match.route.loader) loaderData[outcome.match.route.id] = outcome.value
        continue
      }
      // The error goes to the nearest route (this one or above) with an error element.
      const boundary = matches.slice(0, position + 1).findLast((match) => match.route.hasErrorBoundary) ?? outcome.match
      if (!(boundary.route.id in errors)) errors[boundary.route.id] = toRouteError(outcome.value)
    }

    if (action === NavigationType.Pop) index = readEntry().idx
    else
      writeEntry(
        action,
        { usr: location.state, key: location.key, idx: action === NavigationType.Push ? index + 1 : index },
        href,
      )
    update({
      historyAction: action,
      location,
      matches,
      loaderData,
      errors: Object.keys(errors).length > 0 ? errors : null,
      navigation: IDLE_NAVIGATION,
      restoreScrollPosition: action === NavigationType.Pop ? savedPosition(location, matches) : null,
      preventScrollReset: options.preventScrollReset === true,
    })
  }

  const onPopState = () => {
    // The page the browser left keeps its position for a later return.
    saveScrollPosition()
    void load(toLocation(new URL(window.location.href), readEntry()), NavigationType.Pop)
  }

  const router: DataRouter = {
    ...base,
    get state() {
      return state
    },
    get window() {
      return window
    },
    initialize() {
      if (window.history.state === null || typeof (window.history.state as Partial<HistoryEntry>).key !== 'string') {
        window.history.replaceState({ usr: null, key: initialLocation.key, idx: index } satisfies HistoryEntry, '')
      }
      window.addEventListener('popstate', onPopState)
      return router
    },
    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
    enableScrollRestoration(positions, position, key) {
      scroll = {
        positions,
        position,
        key: (location, matches) =>
          key?.(
            location,
            matches.map((match) => ({
              id: match.route.id,
              pathname: match.pathname,
              params: match.params,
              data: state.loaderData[match.route.id] as unknown,
              loaderData: state.loaderData[match.route.id] as unknown,
              handle: match.route.handle as unknown,
            })),
          ) ?? location.key,
      }
      // A reload keeps the position the page had (ScrollRestoration saves it when the page is left).
      const restore = savedPosition(state.location, state.matches)
      if (restore !== null) update({ restoreScrollPosition: restore })
      return () => {
        scroll = undefined
      }
    },
    async navigate(to: To | number | null, options: RouterNavigateOptions = {}) {
      if (typeof to === 'number') {
        window.history.go(to)
        return
      }
      // Resolved against the current address: the site's links are absolute (`pathTo`), so
      // react-router's route-relative resolution (`fromRouteId`, `relative`) is not needed.
      const path = resolvePath(to ?? '.', withoutBasename(state.location.pathname, basename))
      const target: Location = {
        ...path,
        pathname: prefixed(path.pathname),
        state: (options.state as unknown) ?? null,
        key: createKey(),
      }
      // As react-router does: opening the address the visitor is on replaces its entry.
      const same = createPath(target) === createPath(state.location)
      const action =
        options.replace === true || (options.replace === undefined && same)
          ? NavigationType.Replace
          : NavigationType.Push
      // A link to a part of the same page only moves to it: no loaders run.
      if (target.hash && target.pathname === state.location.pathname && target.search === state.location.search) {
        saveScrollPosition()
        writeEntry(
          action,
          { usr: target.state, key: target.key, idx: action === NavigationType.Push ? index + 1 : index },
          createPath(target),
        )
        update({ historyAction: action, location: target, restoreScrollPosition: null, preventScrollReset: false })
        return
      }
      await load(target, action, { preventScrollReset: options.preventScrollReset })
    },
    async revalidate() {
      await load({ ...state.location }, NavigationType.Replace, { preventScrollReset: true })
    },
    createURL: (to: To) => new URL(typeof to === 'string' ? to : createPath(to), window.location.origin),
    dispose() {
      window.removeEventListener('popstate', onPopState)
      pending?.abort()
      subscribers.clear()
    },
  }
  return router
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10)
}

function readEntry(): HistoryEntry {
  const value = window.history.state as Partial<HistoryEntry> | null
  return {
    usr: value?.usr ?? null,
    key: typeof value?.key === 'string' ? value.key : 'default',
    idx: typeof value?.idx === 'number' ? value.idx : 0,
  }
}

function toLocation(url: URL, entry: HistoryEntry): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: entry.usr, key: entry.key }
}

/** The address a loader's thrown or returned redirect response points to. */
function redirectTarget(value: unknown): string | undefined {
  if (!(value instanceof Response) || value.status < 300 || value.status > 399) return undefined
  return value.headers.get('Location') ?? undefined
}

/** What react-router's `isRouteErrorResponse` recognises. */
export interface RouteErrorResponse {
  status: number
  statusText: string
  data: unknown
  internal: boolean
}

/** A loader's error as the error element reads it: `data(…, { status })` becomes an error response. */
function toRouteError(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = error as { data: unknown; init?: ResponseInit | null }
    return {
      status: init?.status ?? 500,
      statusText: init?.statusText ?? '',
      data,
      internal: false,
    } satisfies RouteErrorResponse
  }
  if (error instanceof Response)
    return {
      status: error.status,
      statusText: error.statusText,
      data: null,
      internal: false,
    } satisfies RouteErrorResponse
  return error
}
