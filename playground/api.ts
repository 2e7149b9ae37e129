import { callApi } from '#engine'
import { authApi } from '#schemas/api/members.ts'
import { staffApi } from '#schemas/api/staff.console.routes.ts'
import { cmsApi } from '#schemas/api/content.ts'
import { monitoringApi } from '#schemas/api/monitoring.ts'

/** The content API, as the playground calls it: every call through its contract, every answer parsed. */
export const api = {
  me: () => callApi(staffApi.me, {}),
  logout: () => callApi(authApi.logout, {}),
  config: () => callApi(cmsApi.config, {}),
  draft: () => callApi(cmsApi.draft, {}),
  saveDraft: (content: unknown, baseRevision: number) => callApi(cmsApi.saveDraft, { body: { content, baseRevision } }),
  publish: (note: string) => callApi(cmsApi.publish, { body: { note } }),
  versions: () => callApi(cmsApi.versions, {}),
  version: (id: number) => callApi(cmsApi.content, { query: { version: String(id) } }),
  published: () => callApi(cmsApi.content, {}),
  restore: (id: number) => callApi(cmsApi.restore, { params: { id } }),
  previewLink: () => callApi(cmsApi.previewToken, { body: { expiresInMinutes: 60 * 24 } }),
  revokePreviewLinks: () => callApi(cmsApi.revokePreviewTokens, {}),
  inheritance: () => callApi(cmsApi.inheritance, {}),
  vitals: (days: number) => callApi(monitoringApi.vitals, { query: { days } }),
  cspReports: (days: number) => callApi(monitoringApi.cspReports, { query: { days } }),
}
