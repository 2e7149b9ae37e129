import { z } from '../engine/zod.ts'
import { dateSchema, idText } from './common.ts'
import { fileContract } from './files.ts'
import { GRIEVANCE_ATTACHMENTS } from './grievance-attachments.ts'

/** A quarter as `2026-Q1` (January to March). */
export const quarterSchema = z
  .string()
  .check(
    z.maxLength(7, { error: 'Enter a quarter as YYYY-Q1 to YYYY-Q4', abort: true }),
    z.regex(/^20\d{2}-Q[1-4]$/, 'Enter a quarter as YYYY-Q1 to YYYY-Q4'),
  )

/** The period of the audit trail's export: days `from` (included) `to` (excluded), each optional. */
export const auditExportQuerySchema = z.object({ from: z.optional(dateSchema), to: z.optional(dateSchema) })

/** The files staff download: CSV exports and a grievance's attachments (docs/adr/0026). */
export const staffExportsApi = {
  auditExport: fileContract({
    path: '/api/v4/staff/audit/export',
    summary:
      'The tenant’s audit trail in a period as CSV (oldest first: when, who, what, subject, reason, before, after, address); administrators only',
    tags: ['Staff'],
    access: { staff: ['admin'] },
    query: auditExportQuerySchema,
    types: ['text/csv'],
  }),
  grievancesReport: fileContract({
    path: '/api/v4/staff/reports/grievances',
    summary:
      'The grievances filed in a quarter as CSV, for the DMHC’s quarterly report: category, urgent, filed, acknowledged, resolved and closed dates, status, resolution, days open',
    tags: ['Staff: grievances'],
    access: { staff: ['support', 'admin'] },
    query: z.object({ quarter: quarterSchema }),
    types: ['text/csv'],
  }),
  grievanceAttachment: fileContract({
    path: '/api/v4/staff/grievances/:id/attachments/:index',
    summary:
      'A file filed with a grievance (its index in the detail’s list, from 0), as an attachment of its own type; 404 for another tenant’s',
    tags: ['Staff: grievances'],
    access: { staff: ['support', 'admin'] },
    params: z.object({
      id: idText,
      index: z.coerce.number().check(z.int('A whole number'), z.gte(0, 'At least 0'), z.lte(100, 'No such file')),
    }),
    types: Object.keys(GRIEVANCE_ATTACHMENTS.types),
  }),
}
