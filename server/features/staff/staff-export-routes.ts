import { staffExportsApi } from '#schemas/api/staff-exports.ts'
import { auditCsv, grievanceAttachment, grievancesCsv } from './staff-exports.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/**
 * The files staff download, each an attachment (fileContract: not JSON, nosniff): the audit
 * trail and the grievances' quarter as CSV, and a grievance's filed files (server/features/staff/staff-exports.ts).
 */
export const staffExportRoutes = [
  endpoint(staffExportsApi.auditExport, ({ query, ctx }) => auditCsv(ctx, actor(ctx), query)),
  endpoint(staffExportsApi.grievancesReport, ({ query, ctx }) => grievancesCsv(ctx, actor(ctx), query.quarter)),
  endpoint(staffExportsApi.grievanceAttachment, ({ params, ctx }) =>
    grievanceAttachment(ctx, actor(ctx), params.id, params.index),
  ),
]
