import type { AppFeature } from '../app-feature.ts'
import { authRoutes } from './auth-routes.ts'
import { memberRoutes } from './member-routes.ts'
import { staffMemberRoutes } from './staff-member-routes.ts'
import { membershipJobs } from './jobs.ts'

/** The members' accounts, memberships and their lifecycle: sign-in, the dashboard, and the staff's member screens. */
export const membersFeature: AppFeature = {
  name: 'members',
  routes: [...authRoutes, ...memberRoutes, ...staffMemberRoutes],
  jobs: membershipJobs,
}
