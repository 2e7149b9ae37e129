export const ROOT_ROUTE_ID = 'root'
/** The pathless route that shows every page's errors inside the site's chrome. */
export const PAGES_ROUTE_ID = 'pages'

/**
 * Route meta, on every manifest route's `handle`. The values on this page are the engine's own:
 * its routes write them and its views read them (on the server, and in the browser from the
 * server's hydration data), so they are types, not schemas (docs/adr/0002, as amended).
 */
export interface PageHandle {
  page: string
  pageClass: 'page' | 'landing'
  title?: string | undefined
  /** The page shows the visitor's own data without a sign-in: its render is never kept. */
  personal?: boolean | undefined
}

/** A manifest route's handle, or undefined for the engine's other routes (root, pages, not found). */
export function pageHandleOf(handle: unknown): PageHandle | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined
  const { page, pageClass } = handle as Partial<Record<keyof PageHandle, unknown>>
  return typeof page === 'string' && (pageClass === 'page' || pageClass === 'landing')
    ? (handle as PageHandle)
    : undefined
}

export interface RootLoaderData {
  /** The previewed content version, when the page shows one. */
  version?: string | undefined
  /** Why a requested preview version is not shown. */
  previewError?: string | undefined
}

/** The title from route meta, or from content for a landing page. */
export interface PageLoaderData {
  title?: string | undefined
  /** The route's search parameters, parsed with its schema. */
  search: Record<string, unknown>
}
