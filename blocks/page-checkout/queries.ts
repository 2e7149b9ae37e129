import { apiQuery } from '#engine'
import { memberApi } from '#schemas/api/members.routes.ts'

/** The paid checkout's member (signed in by the payment): details, receipts, ID cards. */
export const infoQuery = apiQuery(memberApi.info)
export const receiptsQuery = apiQuery(memberApi.receipts)
export const idCardQuery = (id: number, person: 'member' | 'dependent') =>
  apiQuery(memberApi.idCard, { params: { id }, query: { person } })
