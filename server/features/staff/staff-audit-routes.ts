import { staffAuditApi } from '#schemas/api/staff.ts'
import { audit } from './audit.ts'
import { endpoint } from '../../context.ts'

/** The audit trail, read only: no route updates or deletes it (a trigger refuses it as well). */
export const staffAuditRoutes = [
  endpoint(staffAuditApi.audit, ({ query, ctx }) => audit.page(ctx.db, ctx.tenant.groupKey, query)),
]
