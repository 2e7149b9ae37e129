import {
  Suspense,
  use,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
} from 'react'
import { UNSAFE_DataRouterContext, useNavigate } from 'react-router-dom'
import { useEngine } from './engine-context.tsx'
import { pageAt, useLoadWhenIdle, usePrefetch, whenInView } from './prefetch.tsx'
import { sameJson } from './same-json.ts'
import { withoutBasename } from './locale.ts'

/**
 * A link's address as a site path (`/es/faq` on a Spanish page is `/faq`), as the router's
 * `navigate` and `pageAt` take it; undefined for one outside the page's language.
 */
function sitePath(href: string, basename: string): URL | undefined {
  const url = new URL(href)
  const path = withoutBasename(url.pathname, basename)
  if (path === url.pathname && basename !== '/') return undefined
  url.pathname = path
  return url
}

/** An empty inner HTML React neither compares while hydrating (suppressHydrationWarning) nor writes again: the server's stays. */
const KEEP_SERVER_HTML = { __html: '' }

/**
 * A static block's place, hydrated without the block: the browser keeps the HTML the server rendered
 * in it, and the block's code and data are not loaded (docs/adr/0021). Its links are the
 * router's, as the block's own `Link`s would be: a click opens the page without reloading the
 * document, and the linked page is fetched ahead (its code in view, its data on hover or focus).
 */
export function StaticHtml({ blockKey, part }: { blockKey?: string; part?: string }) {
  const element = useRef<HTMLDivElement>(null)
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const { registry } = useEngine()
  const navigate = useNavigate()
  const prefetch = usePrefetch()
  const basename = router?.basename ?? '/'

  useEffect(
    () =>
      whenInView(element.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [], (link) => {
        const url = sitePath(link.href, basename)
        if (url) prefetch(url.href, false)
      }),
    [prefetch, basename],
  )

  /** The link an event happened in, when it is one of this block's. */
  const linkOf = (target: EventTarget) => {
    const link = target instanceof Element ? target.closest('a[href]') : null
    return link instanceof HTMLAnchorElement && element.current?.contains(link) ? link : undefined
  }
  const hover = (event: MouseEvent | FocusEvent) => {
    const link = linkOf(event.target)
    const url = link && sitePath(link.href, basename)
    if (url) prefetch(url.href, true)
  }
  const follow = (event: MouseEvent) => {
    const link = linkOf(event.target)
    // Left to the browser: another tab or window, a download, a link to another site or to a path no page of the site has.
    if (
      !link ||
      !router ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
    const url = sitePath(link.href, basename)
    if (!url || !pageAt(router, registry, url)) return
    event.preventDefault()
    void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: link.href === window.location.href })
  }

  return (
    <div
      ref={element}
      data-block={blockKey}
      data-part={part}
      className="contents"
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
      onClick={follow}
      onMouseOver={hover}
      onFocus={hover}
    />
  )
}

/**
 * Whether a static place (a static block's, a static part's) keeps the server's HTML. On the server
 * it is recorded for the page's state (with the block's key, whose code the page then does not
 * preload); hydrating the server's page, it is kept while `same(kept, current)` holds, and once it
 * does not, for good (the server's HTML is gone). `enabled` false: never (a block that is not static).
 */
export function useServerHtml<T>(
  enabled: boolean,
  current: T,
  same: (kept: T, current: T) => boolean,
  blockKey?: string,
): boolean {
  const { carriedProps } = useEngine()
  const id = useId()
  if (enabled) carriedProps?.markStatic?.(id, blockKey)
  const [kept, setKept] = useState(() => (enabled && carriedProps?.keepsStatic?.(id) ? { current } : undefined))
  useEffect(() => {
    if (enabled) carriedProps?.consume?.(id)
  }, [carriedProps, id, enabled])
  if (!kept) return false
  if (same(kept.current, current)) return true
  setKept(undefined)
  return false
}

/**
 * A static part of a block (a page's list of results, say): like a static block, it keeps the
 * server's HTML while its props stay the same, and its code (`load`, a chunk of its own) loads only
 * to render it in the browser: with other props, or on a page the browser renders itself. Once the
 * page is idle its code is fetched, so that render does not wait. Its props must survive JSON.
 */
export function staticPart<Props extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> & { load: () => Promise<unknown> } {
  type Module = { default: ComponentType<Props> }
  let loading: Promise<Module> | undefined
  const loadOnce = (): Promise<Module> => {
    if (!loading) {
      const promise = load()
      loading = promise
      // Marked as React's `use` reads a settled promise: once loaded (on the server, after its first
      // page), the part renders at once instead of suspending. One that failed is tried again.
      promise.then(
        (module) => Object.assign(promise, { status: 'fulfilled', value: module }),
        () => (loading = undefined),
      )
    }
    return loading
  }
  function LoadedPart(props: Props) {
    const { default: Part } = use(loadOnce())
    return <Part {...props} />
  }
  function StaticPart(props: Props) {
    const kept = useServerHtml(true, props, sameJson)
    useLoadWhenIdle(kept ? loadOnce : undefined)
    if (kept) return <StaticHtml part={name} />
    return (
      <div data-part={name} className="contents">
        <Suspense fallback={<div aria-busy="true" className="min-h-8" />}>
          <LoadedPart {...props} />
        </Suspense>
      </div>
    )
  }
  return Object.assign(StaticPart, { load: loadOnce })
}
