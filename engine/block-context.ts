import type { PathTo } from './paths.ts'
import type { SiteConfig, SiteContent, SiteSession } from './site.ts'

/** What the engine knows when it renders a block; a block's `select` reads its props from it. */
export interface BlockContext {
  /** The tenant's parsed content (published, or the previewed version). */
  content: SiteContent
  session: SiteSession
  config: SiteConfig
  /** The page's language: the site's default, or the locale its path's prefix names. */
  locale: string
  /** The current path (without the locale's prefix), without query string. */
  pathname: string
  /** The current query parameters. */
  search: URLSearchParams
  /** A page's search parameters, parsed with its route's schema (empty outside pages). */
  query: Readonly<Record<string, unknown>>
  /** Site paths by page identifier: blocks build links with it, not with path literals. */
  pathTo: PathTo
  /** Path parameters of the matched route. */
  params: Readonly<Record<string, string | undefined>>
  /** The page class of the current page. */
  pageClass: 'page' | 'landing'
  /** On a page: its identifier, and its settings from content (`pages.{identifier}`), unparsed. */
  page?: string | undefined
  settings?: unknown
  /** On a page: its title from the manifest (or from content, for a landing page). */
  title?: string | undefined
  /** For a section block: its settings from content. */
  section?: unknown
}
