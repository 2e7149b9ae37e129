import { callApi } from './api.ts'
import type { DataSources } from './data-sources.ts'
import { sanitizeContent, type Sanitize } from './sanitize.ts'

/**
 * The site's rich text at render in the browser: the content it comes from was sanitised where it
 * entered (the server's render, whose state the page hydrates from; `browserSources.content` for
 * what the browser fetches), so it is used as it is and DOMPurify (11 kB) is not part of every
 * page. Rendering it unchanged also keeps the browser's HTML the server's.
 */
export const sanitisedAtSource: Sanitize = (html) => html

/** The browser's data sources: the site's API, every response parsed, rich text sanitised. */
export const browserSources: DataSources = {
  async content(version) {
    // The content's schemas and migrations, and DOMPurify, load with the first content the browser
    // fetches (a previewed version); a page's start has its content from the server, parsed.
    const [raw, { parseCmsContent }, { browserSanitize }] = await Promise.all([
      import('#schemas/api/cms-content.ts').then(({ contentApi }) => callApi(contentApi.content, { query: { version } })),
      import('#schemas/parse-cms.ts'),
      import('./browser-sanitize.ts'),
    ])
    return sanitizeContent(parseCmsContent(raw), browserSanitize)
  },
  // The contract (and zod) load with the first session check the browser makes itself.
  session: () => import('#schemas/api/session.ts').then(({ sessionApi }) => callApi(sessionApi.session, {})),
}
