import { staffGrievancesApi } from '#schemas/api/grievances.ts'
import { grievanceAttachment, grievancesCsv } from './grievance-exports.ts'
import { actOnGrievance, grievanceDetail, listGrievances } from './staff-grievances.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/** The grievances inbox of member services (issue 29, docs/adr/0026; the rules: server/features/grievances/staff-grievances.ts). */
export const staffGrievanceRoutes = [
  endpoint(staffGrievancesApi.grievances, async ({ query, ctx }) => ({ grievances: await listGrievances(ctx, query) })),
  endpoint(staffGrievancesApi.grievance, ({ params, ctx }) => grievanceDetail(ctx, params.id)),
  endpoint(staffGrievancesApi.acknowledgeGrievance, ({ params, body, ctx }) =>
    actOnGrievance(ctx, actor(ctx), params.id, { kind: 'acknowledge', reason: body.reason }),
  ),
  endpoint(staffGrievancesApi.noteGrievance, ({ params, body, ctx }) =>
    actOnGrievance(ctx, actor(ctx), params.id, { kind: 'note', text: body.text }),
  ),
  endpoint(staffGrievancesApi.resolveGrievance, ({ params, body, ctx }) =>
    actOnGrievance(ctx, actor(ctx), params.id, { kind: 'resolve', resolution: body.resolution }),
  ),
  endpoint(staffGrievancesApi.closeGrievance, ({ params, body, ctx }) =>
    actOnGrievance(ctx, actor(ctx), params.id, { kind: 'close', reason: body.reason }),
  ),
  endpoint(staffGrievancesApi.reopenGrievance, ({ params, body, ctx }) =>
    actOnGrievance(ctx, actor(ctx), params.id, { kind: 'reopen', reason: body.reason }),
  ),
  // Files staff download, each an attachment (fileContract: not JSON, nosniff): the quarter's
  // grievances as CSV, and a grievance's filed files (grievance-exports.ts).
  endpoint(staffGrievancesApi.grievancesReport, ({ query, ctx }) => grievancesCsv(ctx, actor(ctx), query.quarter)),
  endpoint(staffGrievancesApi.grievanceAttachment, ({ params, ctx }) =>
    grievanceAttachment(ctx, actor(ctx), params.id, params.index),
  ),
]
