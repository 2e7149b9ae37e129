import { staffDirectoryReportsApi } from '#schemas/api/directory.ts'
import {
  closeDirectoryReport,
  correctDirectoryRecord,
  directoryReportDetail,
  listDirectoryReports,
} from './staff-directory-reports.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/** Directory inaccuracy reports for member services (issue 29; the rules: server/features/directory/staff-directory-reports.ts). */
export const staffDirectoryReportRoutes = [
  endpoint(staffDirectoryReportsApi.reports, async ({ query, ctx }) => ({
    reports: await listDirectoryReports(ctx, query),
  })),
  endpoint(staffDirectoryReportsApi.report, ({ params, ctx }) => directoryReportDetail(ctx, params.id)),
  endpoint(staffDirectoryReportsApi.correct, ({ params, body, ctx }) =>
    correctDirectoryRecord(ctx, actor(ctx), params.id, body),
  ),
  endpoint(staffDirectoryReportsApi.verify, ({ params, body, ctx }) =>
    closeDirectoryReport(ctx, actor(ctx), params.id, 'verified', body.note),
  ),
  endpoint(staffDirectoryReportsApi.notConfirmed, ({ params, body, ctx }) =>
    closeDirectoryReport(ctx, actor(ctx), params.id, 'not-confirmed', body.note),
  ),
]
