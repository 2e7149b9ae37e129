import { useContext, useEffect, useRef, type FocusEvent, type MouseEvent } from 'react'
import { UNSAFE_DataRouterContext, useNavigate } from 'react-router-dom'
import { useEngine } from './engine-context.tsx'
import { pageAt, usePrefetch } from './prefetch.tsx'

/** An empty inner HTML React neither compares while hydrating (suppressHydrationWarning) nor writes again: the server's stays. */
const KEEP_SERVER_HTML = { __html: '' }

/**
 * A static block's place, hydrated without the block: the browser keeps the HTML the server rendered
 * in it, and the block's code and data are not loaded (docs/adr/0009, option 5). Its links are the
 * router's, as the block's own `Link`s would be: a click opens the page without reloading the
 * document, and the linked page is fetched ahead (its code in view, its data on hover or focus).
 */
export function StaticHtml({ blockKey }: { blockKey: string }) {
  const element = useRef<HTMLDivElement>(null)
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const { registry } = useEngine()
  const navigate = useNavigate()
  const prefetch = usePrefetch()

  useEffect(() => {
    const links = element.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []
    if (links.length === 0 || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        prefetch((entry.target as HTMLAnchorElement).href, false)
        observer.unobserve(entry.target)
      }
    })
    for (const link of links) observer.observe(link)
    return () => observer.disconnect()
  }, [prefetch])

  /** The link an event happened in, when it is one of this block's. */
  const linkOf = (target: EventTarget) => {
    const link = target instanceof Element ? target.closest('a[href]') : null
    return link instanceof HTMLAnchorElement && element.current?.contains(link) ? link : undefined
  }
  const ahead = (event: MouseEvent | FocusEvent) => {
    const link = linkOf(event.target)
    if (link) prefetch(link.href, true)
  }
  const follow = (event: MouseEvent) => {
    const link = linkOf(event.target)
    // Left to the browser: another tab or window, a download, a link to another site or to a path no page of the site has.
    if (!link || !router || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
    const url = new URL(link.href)
    if (!pageAt(router, registry, url)) return
    event.preventDefault()
    const to = `${url.pathname}${url.search}${url.hash}`
    void navigate(to, { replace: to === `${window.location.pathname}${window.location.search}${window.location.hash}` })
  }

  return (
    <div
      ref={element}
      data-block={blockKey}
      className="contents"
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
      onClick={follow}
      onMouseOver={ahead}
      onFocus={ahead}
    />
  )
}
