import { useQueryClient } from '@tanstack/react-query'
import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ContextType,
  type FocusEvent,
  type MouseEvent,
  type Ref,
} from 'react'
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  matchRoutes,
  UNSAFE_DataRouterContext,
  type LinkProps,
  type NavLinkProps,
} from 'react-router-dom'
import { withoutBasename } from './locale.ts'
import { afterLoadAndIdle } from './after-load.ts'
import { firstPageCodeFetched } from './block-code.ts'
import { useEngine } from './engine-context.tsx'
import { usePreviewVersion } from './site-context.tsx'
import type { BlockRegistry } from './registry.ts'
import type { PageId } from './site.ts'

interface NetworkInformation {
  saveData?: boolean
  effectiveType?: string
}

/** The visitor asked to save data, or the connection is 2g: nothing is fetched ahead (the specification's rule). */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  return !(connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? ''))
}

/**
 * Fetches code the page is likely to need soon (a dialog, a form's checks) once it has loaded and
 * the browser is idle, unless the connection saves data; what is not fetched ahead loads when it is
 * first used. `load` should be stable (a module-level function), and safe to call again.
 */
export function useLoadWhenIdle(load: (() => Promise<unknown>) | undefined): void {
  useEffect(
    () =>
      load && prefetchAllowed()
        ? // On the first page its blocks' code was fetched ahead without running (engine/block-code.ts).
          afterLoadAndIdle(() => (firstPageCodeFetched() ? undefined : load()))
        : undefined,
    [load],
  )
}

type DataRouter = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>['router']

/** The route of a page of the site a URL opens (its id a registered page), or undefined (another site, a path no page has). */
export function pageAt(
  router: DataRouter,
  registry: BlockRegistry,
  url: URL,
): { id: PageId; params: Record<string, string | undefined> } | undefined {
  if (url.origin !== window.location.origin) return undefined
  const leaf = (matchRoutes(router.routes, url.pathname) ?? []).at(-1)
  return leaf?.route.id && registry.has(leaf.route.id)
    ? { id: leaf.route.id as PageId, params: leaf.params }
    : undefined
}

/**
 * Fetches a site path's page ahead of a click: its block's chunk, and with `data` the queries its
 * page declares, into the cache the page then reads (no loader runs, so nothing redirects).
 */
export function usePrefetch() {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const engine = useEngine()
  const queryClient = useQueryClient()
  const version = usePreviewVersion()
  const done = useRef(new Set<string>())
  return useCallback(
    (to: LinkProps['to'], data: boolean) => {
      if (!router || typeof to !== 'string' || !prefetchAllowed()) return
      const url = new URL(to, window.location.href)
      const leaf = pageAt(router, engine.registry, url)
      const key = `${data ? 'data' : 'chunk'} ${url.pathname}${url.search}`
      if (
        !leaf ||
        done.current.has(key) ||
        url.pathname === withoutBasename(window.location.pathname, router.basename ?? '/')
      )
        return
      done.current.add(key)
      // The code that fetches ahead loads itself, with the first link in view (not with the page's start).
      void import('./block-preload.ts')
        .then(({ prefetchPage }) => prefetchPage({ engine, queryClient, version, page: leaf, url, data }))
        .catch(() => done.current.delete(key))
    },
    [router, engine, queryClient, version],
  )
}

/** Calls `seen` once for each of these elements, when it first comes into view; answers the cleanup. */
export function whenInView<E extends Element>(elements: Iterable<E>, seen: (element: E) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      seen(entry.target as E)
    }
  })
  for (const element of elements) observer.observe(element)
  return () => observer.disconnect()
}

/** Prefetches a link's page: its chunk when it comes into view, its data too on hover or focus. */
function usePrefetchOn<E extends HTMLAnchorElement>(
  to: LinkProps['to'],
  handlers: {
    onMouseEnter?: ((event: MouseEvent<E>) => void) | undefined
    onFocus?: ((event: FocusEvent<E>) => void) | undefined
  },
) {
  const prefetch = usePrefetch()
  const element = useRef<E>(null)
  useEffect(
    () => (element.current ? whenInView([element.current], () => prefetch(to, false)) : undefined),
    [prefetch, to],
  )
  return {
    element,
    onMouseEnter: (event: MouseEvent<E>) => {
      handlers.onMouseEnter?.(event)
      prefetch(to, true)
    },
    onFocus: (event: FocusEvent<E>) => {
      handlers.onFocus?.(event)
      prefetch(to, true)
    },
  }
}

const mergeRefs =
  <T,>(...refs: (Ref<T> | undefined)[]) =>
  (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) (ref as { current: T | null }).current = node
    }
  }

/** The router's link, which fetches its page ahead: the chunk in view, the data on hover or focus. */
export function Link({ ref, ...props }: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const { element, onMouseEnter, onFocus } = usePrefetchOn(props.to, props)
  return <RouterLink {...props} ref={mergeRefs(ref, element)} onMouseEnter={onMouseEnter} onFocus={onFocus} />
}

/** The router's nav link, with the same prefetching. */
export function NavLink({ ref, ...props }: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const { element, onMouseEnter, onFocus } = usePrefetchOn(props.to, props)
  return <RouterNavLink {...props} ref={mergeRefs(ref, element)} onMouseEnter={onMouseEnter} onFocus={onFocus} />
}
