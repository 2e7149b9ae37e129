import { apiQuery } from '#engine'
import { catalogApi } from '#schemas/api/directory.routes.ts'

/** The plan's offices, for the grievance's office field. */
export const officesQuery = (groupKey: string) => apiQuery(catalogApi.groupOffices, { params: { id: groupKey } })
