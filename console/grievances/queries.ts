import { apiQuery } from '#engine'
import { staffGrievancesApi } from '#schemas/api/grievances.console.routes.ts'
import type { staffGrievanceFiltersSchema } from '#schemas/api/grievances.ts'
import type { z } from '#schemas/engine/zod.ts'

/** The grievances inbox, by status, urgent and overdue. */
export const grievancesQuery = (filters: z.input<typeof staffGrievanceFiltersSchema>) =>
  apiQuery(staffGrievancesApi.grievances, { query: filters })

/** One grievance. */
export const grievanceQuery = (id: number) => apiQuery(staffGrievancesApi.grievance, { params: { id } })
