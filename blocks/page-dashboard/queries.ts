import type { QueryClient } from '@tanstack/react-query'
import { apiQuery, apiQueryKey, type PageData } from '#engine'
import { setApiData } from '#engine/data'
import type { MemberInfo } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'

/** How many offices the dashboard lists (the member's own first, then the nearest); the rest are a search away. */
export const DASHBOARD_OFFICES = 6

/** The dashboard's queries: one per area, so one failing area never blanks the others. */
export const dashboardQueries = {
  info: apiQuery(memberApi.info),
  dependents: apiQuery(memberApi.dependents),
  balance: apiQuery(memberApi.balance),
  receipts: apiQuery(memberApi.receipts),
  locations: apiQuery(memberApi.locations, { query: { limit: DASHBOARD_OFFICES } }),
  plans: apiQuery(memberApi.plans),
}

/** Every office the member may join at: read when the join dialog opens, not with the page. */
export const joinOfficesQuery = apiQuery(memberApi.locations)

/** The ID card of the member (their own id) or of a dependent. */
export const idCardQuery = (id: number, person: 'member' | 'dependent') =>
  apiQuery(memberApi.idCard, { params: { id }, query: { person } })

/** What the route loader runs before the dashboard renders (server and browser alike). */
export const dashboardData: PageData = () => Object.values(dashboardQueries)

/** Changes the cached account (after a change the server confirmed). */
export function updateInfo(client: QueryClient, change: (info: MemberInfo) => MemberInfo): void {
  const info = client.getQueryData<MemberInfo>(apiQueryKey(dashboardQueries.info))
  if (info) setApiData(client, dashboardQueries.info, change(info))
}
