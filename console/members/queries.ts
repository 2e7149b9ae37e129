import { apiQuery } from '#engine'
import { staffMembersApi } from '#schemas/api/members.console.routes.ts'

/** Members found by what was typed (a name, an email, a phone number or a member number). */
export const membersQuery = (q: string) => apiQuery(staffMembersApi.members, { query: { q } })

/** A member's record. */
export const memberQuery = (id: number) => apiQuery(staffMembersApi.member, { params: { id } })

/** What cancelling the membership would do now, by the rules. */
export const cancellationQuery = (id: number) => apiQuery(staffMembersApi.cancellation, { params: { id } })

/** What reinstating the ended membership would do now, with a charge and without. */
export const reinstatementQuery = (id: number) => apiQuery(staffMembersApi.reinstatement, { params: { id } })
