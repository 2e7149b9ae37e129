import type { DataSources } from './data-sources.ts'
import type { Sanitize } from './sanitize.ts'
import type { SiteDefinition } from './site.ts'

/**
 * The site's rich text at render in the browser: the content it comes from was sanitised by the
 * server before it was sent, every HTML field its schema marks (the content service cleans what
 * it saves and serves, the renderer what it renders: the page's state, and the content API's
 * answers). So it is used as it is and DOMPurify is never part of the site's pages (docs/adr/0013).
 * Rendering it unchanged also keeps the browser's HTML the server's.
 */
export const sanitisedAtSource: Sanitize = (html) => html

/**
 * The browser's data sources: the site's API (every answer parsed by the site's schemas, its rich
 * text sanitised by the server), its content in the page's language (`locale`; the default's when absent).
 */
export const browserSources = (site: SiteDefinition, locale?: string): DataSources => ({
  content: (version) => site.api.content(version, locale),
  session: () => site.api.session(),
})
