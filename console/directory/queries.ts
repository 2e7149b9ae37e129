import { apiQuery } from '#engine'
import { staffDirectoryReportsApi } from '#schemas/api/directory.console.routes.ts'
import type { staffDirectoryReportFiltersSchema } from '#schemas/api/directory.ts'
import type { z } from '#schemas/engine/zod.ts'

/** Directory reports, by status and overdue. */
export const reportsQuery = (filters: z.input<typeof staffDirectoryReportFiltersSchema>) =>
  apiQuery(staffDirectoryReportsApi.reports, { query: filters })

/** One directory report, with the record it is about. */
export const reportQuery = (id: number) => apiQuery(staffDirectoryReportsApi.report, { params: { id } })
