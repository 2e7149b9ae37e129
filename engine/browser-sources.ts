import { contentApi } from '#schemas/api/cms-content.ts'
import { sessionApi } from '#schemas/api/session.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { callApi } from './api.ts'
import type { DataSources } from './data-sources.ts'
import { createSanitizer, sanitizeContent, type Sanitize } from './sanitize.ts'

let sanitizer: Sanitize | undefined
/** The browser's sanitiser, created on first use (there is no window on the server). */
export const browserSanitize: Sanitize = (html) => (sanitizer ??= createSanitizer(window))(html)

/** The browser's data sources: the site's API, every response parsed, rich text sanitised. */
export const browserSources: DataSources = {
  async content(version) {
    const raw = await callApi(contentApi.content, { query: { version } })
    return sanitizeContent(parseCmsContent(raw), browserSanitize)
  },
  session: () => callApi(sessionApi.session, {}),
}
