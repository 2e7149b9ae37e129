import { z } from 'zod'
import { apiRequest } from '#engine'
import { draftSchema, inheritanceSchema, previewTokenSchema, versionsSchema } from '#schemas/api/cms.ts'
import { authSessionSchema, publicConfigSchema } from '#schemas/runtime.ts'
import { okSchema } from '#schemas/api/common.ts'

const record = z.record(z.string(), z.unknown())

/** The content API, as the playground calls it (every answer parsed by its schema). */
export const api = {
  session: () => apiRequest({ path: '/api/auth', schema: authSessionSchema }),
  logout: () => apiRequest({ path: '/api/v4/member/logout', method: 'POST', schema: okSchema }),
  config: () => apiRequest({ path: '/api/config', schema: publicConfigSchema }),
  draft: () => apiRequest({ path: '/api/cms/working', schema: draftSchema }),
  saveDraft: (content: unknown, baseRevision: number) => apiRequest({ path: '/api/cms/working', method: 'PUT', body: { content, baseRevision }, schema: draftSchema }),
  publish: (note: string) => apiRequest({ path: '/api/cms/publish', method: 'POST', body: { note }, schema: z.object({ id: z.number() }) }),
  versions: () => apiRequest({ path: '/api/cms/versions', schema: versionsSchema }),
  version: (id: number) => apiRequest({ path: `/api/cms?version=${id}`, schema: record }),
  published: () => apiRequest({ path: '/api/cms', schema: record }),
  restore: (id: number) => apiRequest({ path: `/api/cms/versions/${id}/restore`, method: 'POST', schema: draftSchema }),
  previewLink: () => apiRequest({ path: '/api/cms/preview-token', method: 'POST', body: { expiresInMinutes: 60 * 24 }, schema: previewTokenSchema }),
  inheritance: () => apiRequest({ path: '/api/cms/inheritance', schema: inheritanceSchema }),
}
