import { callApi } from './api.ts'
import type { DataSources } from './data-sources.ts'
import type { Sanitize } from './sanitize.ts'

/**
 * The site's rich text at render in the browser: the content it comes from was sanitised by the
 * server before it was sent, every HTML field its schema marks (the content service cleans what
 * it saves and serves, the renderer what it renders: the page's state, and the content API's
 * answers). So it is used as it is and DOMPurify (11 kB) is never part of the site's pages.
 * Rendering it unchanged also keeps the browser's HTML the server's.
 */
export const sanitisedAtSource: Sanitize = (html) => html

/** The browser's data sources: the site's API, every response parsed (its rich text sanitised by the server). */
export const browserSources: DataSources = {
  async content(version) {
    // The content's schemas and migrations load with the first content the browser fetches (a
    // previewed version); a page's start has its content from the server, parsed.
    const [raw, { parseCmsContent }] = await Promise.all([
      import('#schemas/api/cms-content.ts').then(({ contentApi }) =>
        callApi(contentApi.content, { query: { version } }),
      ),
      import('#schemas/parse-cms.ts'),
    ])
    return parseCmsContent(raw)
  },
  // The contract (and zod) load with the first session check the browser makes itself.
  session: () => import('#schemas/api/session.ts').then(({ sessionApi }) => callApi(sessionApi.session, {})),
}
