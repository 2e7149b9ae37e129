import { monitoringApi } from '#schemas/api/monitoring.ts'
import { cspViolations } from '#schemas/csp-report.ts'
import { limitFor } from '../../platform/http/body-limit.ts'
import { endpoint, type ApiContext } from '../../context.ts'
import { HttpError } from '../../platform/http/endpoint.ts'
import { sameToken } from '../../platform/http/csrf.ts'

const DAY = 24 * 60 * 60_000

/** A batch is at most RUM_BATCH_MAX_EVENTS small events: anything larger is refused before it is read. */
export const RUM_MAX_BODY_BYTES = 256 * 1024
export const rumBodyLimit = limitFor(
  monitoringApi.intake,
  RUM_MAX_BODY_BYTES,
  `A monitoring batch is at most ${RUM_MAX_BODY_BYTES / 1024} KB`,
)

/** The sandbox collector's intake is on only when monitoring is configured, and takes only its client token. */
function configured(ctx: ApiContext) {
  const monitoring = ctx.config.monitoring
  if (!monitoring) throw new HttpError(404, 'Monitoring is not configured on this server (RUM_CLIENT_TOKEN)')
  return monitoring
}

/** A CSP report is a few violations: anything larger is refused before it is read. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024
export const cspReportBodyLimit = limitFor(
  monitoringApi.cspReport,
  CSP_REPORT_MAX_BYTES,
  `A CSP report is at most ${CSP_REPORT_MAX_BYTES / 1024} KB`,
)

export const monitoringRoutes = [
  endpoint(monitoringApi.cspReport, async ({ body, ctx }) => ({
    accepted: await ctx.cspReports.record(ctx.tenant.groupKey, cspViolations(body), ctx.address),
  })),
  endpoint(monitoringApi.cspReports, ({ query, ctx }) =>
    ctx.cspReports.summary(ctx.tenant.groupKey, new Date(ctx.now().getTime() - query.days * DAY), query.days),
  ),
  endpoint(monitoringApi.intake, async ({ body, ctx }) => {
    if (!sameToken(body.clientToken, configured(ctx).clientToken)) throw new HttpError(403, 'Unknown client token')
    return { accepted: await ctx.monitoring.record(ctx.tenant.groupKey, body) }
  }),
  endpoint(monitoringApi.vitals, async ({ query, ctx }) => {
    const since = new Date(ctx.now().getTime() - query.days * DAY)
    const summary = await ctx.monitoring.vitals(ctx.tenant.groupKey, since)
    return { configured: ctx.config.monitoring !== undefined, days: query.days, ...summary }
  }),
]
