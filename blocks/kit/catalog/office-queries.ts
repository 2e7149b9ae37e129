import { apiQuery } from '#engine'
import { catalogApi } from '#schemas/api/directory.routes.ts'

/** An office's details and its dentists, from the directory API. */
export const officeDetailsQuery = (id: number) => apiQuery(catalogApi.officeDetails, { params: { id } })

/** The plans an office offers, with their prices. */
export const officePlansQuery = (id: number) => apiQuery(catalogApi.officePlans, { params: { id } })
