import { apiQuery } from '#engine'
import { staffAccountsApi } from '#schemas/api/staff.console.routes.ts'

/** The tenant's staff accounts. */
export const accountsQuery = apiQuery(staffAccountsApi.accounts)
