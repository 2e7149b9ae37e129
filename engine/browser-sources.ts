import { z } from 'zod'
import { authSessionSchema } from '#schemas/api.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { apiRequest } from './api-client.ts'
import type { DataSources } from './data-sources.ts'

/** The browser's data sources: the site's API, every response parsed. */
export const browserSources: DataSources = {
  async content(version) {
    const query = version ? `?version=${encodeURIComponent(version)}` : ''
    const raw = await apiRequest({ path: `/api/cms${query}`, schema: z.unknown() })
    return parseCmsContent(raw)
  },
  session: () => apiRequest({ path: '/api/auth', schema: authSessionSchema }),
}
