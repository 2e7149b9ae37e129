import type { AppFeature } from '../app-feature.ts'
import { grievanceBodyLimits, supportRoutes } from './support-routes.ts'
import { staffGrievanceRoutes } from './staff-grievance-routes.ts'

/** Grievances as filed, looked up and worked by staff. */
export const grievancesFeature: AppFeature = {
  name: 'grievances',
  routes: [...supportRoutes, ...staffGrievanceRoutes],
  bodyLimits: grievanceBodyLimits,
}
