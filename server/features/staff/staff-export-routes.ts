import { staffExportsApi } from '#schemas/api/staff.ts'
import { auditCsv } from './staff-exports.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/**
 * The audit trail as CSV, an attachment (fileContract: not JSON, nosniff): server/features/staff/staff-exports.ts.
 * The grievances' files are the grievances feature's (staff-grievance-routes.ts).
 */
export const staffExportRoutes = [
  endpoint(staffExportsApi.auditExport, ({ query, ctx }) => auditCsv(ctx, actor(ctx), query)),
]
