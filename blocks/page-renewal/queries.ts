import { apiQuery, type PageData } from '#engine'
import { memberApi } from '#schemas/api/members.routes.ts'

/** The membership a renewal notice's link names. */
export const renewalLinkQuery = (token: string) => apiQuery(memberApi.renewalLink, { query: { token } })

/** With a token, the page starts with the membership it names; without one there is nothing to load. */
export const renewalData: PageData = ({ search }) =>
  typeof search.token === 'string' ? [renewalLinkQuery(search.token)] : []
