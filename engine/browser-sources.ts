import { z } from 'zod'
import { authSessionSchema } from '#schemas/runtime.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { apiRequest } from './api-client.ts'
import type { DataSources } from './data-sources.ts'
import { createSanitizer, sanitizeContent, type Sanitize } from './sanitize.ts'

let sanitizer: Sanitize | undefined
/** The browser's sanitiser, created on first use (there is no window on the server). */
export const browserSanitize: Sanitize = (html) => (sanitizer ??= createSanitizer(window))(html)

/** The browser's data sources: the site's API, every response parsed, rich text sanitised. */
export const browserSources: DataSources = {
  async content(version) {
    const query = version ? `?version=${encodeURIComponent(version)}` : ''
    const raw = await apiRequest({ path: `/api/cms${query}`, schema: z.unknown() })
    return sanitizeContent(parseCmsContent(raw), browserSanitize)
  },
  session: () => apiRequest({ path: '/api/auth', schema: authSessionSchema }),
}
