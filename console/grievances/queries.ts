import { apiQuery } from '#engine'
import { staffApi } from '#schemas/api/staff.routes.ts'
import type { staffGrievanceFiltersSchema } from '#schemas/api/staff-grievances.ts'
import type { z } from '#schemas/engine/zod.ts'

/** The grievances inbox, by status, urgent and overdue. */
export const grievancesQuery = (filters: z.input<typeof staffGrievanceFiltersSchema>) =>
  apiQuery(staffApi.grievances, { query: filters })

/** One grievance. */
export const grievanceQuery = (id: number) => apiQuery(staffApi.grievance, { params: { id } })
