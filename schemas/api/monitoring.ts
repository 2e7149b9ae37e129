// The monitoring feature's contracts (server/features/monitoring): real-user monitoring and CSP reports.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { rumBatchSchema, vitalsSummarySchema } from '../engine/monitoring.ts'
import { cspReportBodySchema, cspReportsSummarySchema } from '../csp-report.ts'
import { CONTENT_MANAGERS } from './common.ts'

const MONITORING = ['Monitoring']

export const vitalsQuerySchema = z.object({
  days: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(90)), 7),
})

/**
 * Real-user monitoring: the sandbox collector's intake (the browser's events, kept in the
 * database: nothing leaves the machine) and what the playground reads from it.
 */
export const monitoringApi = {
  intake: contract({
    method: 'post',
    path: '/api/rum/intake',
    summary:
      'Takes a batch of real-user monitoring events (authenticated by the client token; no csrf header: browsers send it as a beacon)',
    tags: MONITORING,
    access: 'public',
    body: rumBatchSchema,
    response: z.object({ accepted: z.number().check(z.int()) }),
    status: 201,
  }),
  cspReport: contract({
    method: 'post',
    path: '/api/csp-report',
    summary:
      'Takes a Content-Security-Policy violation report, as browsers send it (report-uri or the Reporting API; no csrf header)',
    tags: MONITORING,
    access: 'public',
    body: cspReportBodySchema,
    response: z.object({ accepted: z.number().check(z.int()) }),
    status: 201,
  }),
  cspReports: contract({
    method: 'get',
    path: '/api/csp-reports',
    summary: 'Content-Security-Policy violations browsers reported on this tenant’s pages, grouped (recent days)',
    tags: MONITORING,
    access: CONTENT_MANAGERS,
    query: vitalsQuerySchema,
    response: cspReportsSummarySchema,
  }),
  vitals: contract({
    method: 'get',
    path: '/api/rum/vitals',
    summary: 'Core Web Vitals of real visits to this tenant: 75th percentile and ratings, per page',
    tags: MONITORING,
    access: CONTENT_MANAGERS,
    query: vitalsQuerySchema,
    response: vitalsSummarySchema,
  }),
}
