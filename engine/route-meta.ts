import { z } from '#schemas/zod.ts'

export const ROOT_ROUTE_ID = 'root'
/** The pathless route that shows every page's errors inside the site's chrome. */
export const PAGES_ROUTE_ID = 'pages'

/** Route meta, on every manifest route's `handle`. */
export const pageHandleSchema = z.object({
  page: z.string(),
  pageClass: z.enum(['page', 'landing']),
  title: z.optional(z.string()),
})
export type PageHandle = z.infer<typeof pageHandleSchema>

export const rootLoaderDataSchema = z.object({
  /** The previewed content version, when the page shows one. */
  version: z.optional(z.string()),
  /** Why a requested preview version is not shown. */
  previewError: z.optional(z.string()),
})
export type RootLoaderData = z.infer<typeof rootLoaderDataSchema>

/** The title from route meta, or from content for a landing page. */
export const pageLoaderDataSchema = z.object({
  title: z.optional(z.string()),
  /** The route's search parameters, parsed with its schema. */
  search: z._default(z.record(z.string(), z.unknown()), {}),
})
export type PageLoaderData = z.infer<typeof pageLoaderDataSchema>
