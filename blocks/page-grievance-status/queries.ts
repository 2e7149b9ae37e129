import { apiQuery, type PageData } from '#engine'
import { isMember } from '#schemas/member.ts'
import { grievancesApi } from '#schemas/api/grievances.routes.ts'

/** The signed-in member's grievances. */
export const memberGrievancesQuery = apiQuery(grievancesApi.memberGrievances)

/** A member's page starts with their grievances; a visitor's with the lookup only. */
export const grievanceStatusData: PageData = ({ session }) => (isMember(session) ? [memberGrievancesQuery] : [])
