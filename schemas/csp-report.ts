import { z } from './engine/zod.ts'
import { PG_INT_MAX } from './api/common.ts'

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)))
/** A line, a column or a status code, stored in an `integer` column. */
const count = z.optional(z.number().check(z.int(), z.gte(0), z.lte(PG_INT_MAX)))

/** A violation as `report-uri` sends it (`application/csp-report`). */
const legacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': text(4096),
    referrer: text(4096),
    'violated-directive': text(512),
    'effective-directive': text(512),
    'original-policy': text(4096),
    disposition: text(32),
    'blocked-uri': text(4096),
    'line-number': count,
    'column-number': count,
    'source-file': text(4096),
    'status-code': count,
    'script-sample': text(512),
  }),
})

/** Violations as the Reporting API sends them (`application/reports+json`, `report-to`): other report types are ignored. */
const reportingApiSchema = z
  .array(
    z.object({
      type: z.string().check(z.maxLength(64)),
      url: text(4096),
      age: count,
      user_agent: text(1024),
      body: z.optional(
        z.object({
          documentURL: text(4096),
          referrer: text(4096),
          blockedURL: text(4096),
          effectiveDirective: text(512),
          originalPolicy: text(4096),
          sourceFile: text(4096),
          sample: text(512),
          disposition: text(32),
          statusCode: count,
          lineNumber: count,
          columnNumber: count,
        }),
      ),
    }),
  )
  .check(z.maxLength(50))

/** What a browser sends to the CSP report endpoint, in either format. */
export const cspReportBodySchema = z.union([legacyReportSchema, reportingApiSchema])
export type CspReportBody = z.infer<typeof cspReportBodySchema>

/** One violation, as it is kept. */
export interface CspViolation {
  documentUrl: string
  blockedUrl: string
  directive: string
  sourceFile: string | undefined
  line: number | undefined
  column: number | undefined
  sample: string | undefined
  disposition: string
}

/** The violations of a report, in one shape whichever format carried them. */
export function cspViolations(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const report = body['csp-report']
    return [
      {
        documentUrl: report['document-uri'] ?? '',
        blockedUrl: report['blocked-uri'] ?? '',
        directive: report['effective-directive'] ?? report['violated-directive'] ?? '',
        sourceFile: report['source-file'],
        line: report['line-number'],
        column: report['column-number'],
        sample: report['script-sample'],
        disposition: report.disposition ?? 'enforce',
      },
    ]
  }
  return body.flatMap((report) =>
    report.type === 'csp-violation' && report.body
      ? [
          {
            documentUrl: report.body.documentURL ?? report.url ?? '',
            blockedUrl: report.body.blockedURL ?? '',
            directive: report.body.effectiveDirective ?? '',
            sourceFile: report.body.sourceFile,
            line: report.body.lineNumber,
            column: report.body.columnNumber,
            sample: report.body.sample,
            disposition: report.body.disposition ?? 'enforce',
          },
        ]
      : [],
  )
}

/** The violations of recent days, grouped, for the playground. */
export const cspReportsSummarySchema = z.object({
  days: z.number().check(z.int()),
  groups: z.array(
    z.object({
      directive: z.string(),
      blockedUrl: z.string(),
      path: z.string(),
      count: z.number().check(z.int()),
      lastSeen: z.string(),
      sample: z.nullable(z.string()),
    }),
  ),
})
export type CspReportsSummary = z.infer<typeof cspReportsSummarySchema>
