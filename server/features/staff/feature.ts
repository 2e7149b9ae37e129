import type { AppFeature } from '../app-feature.ts'
import { staffRoutes } from './staff-routes.ts'
import { staffAuditRoutes } from './staff-audit-routes.ts'
import { staffAccountRoutes } from './staff-account-routes.ts'
import { staffExportRoutes } from './staff-export-routes.ts'

/** Staff accounts, their sign-in and roles, the audit trail and the exports. */
export const staffFeature: AppFeature = {
  name: 'staff',
  routes: [...staffRoutes, ...staffAuditRoutes, ...staffAccountRoutes, ...staffExportRoutes],
}
