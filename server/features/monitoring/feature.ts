import type { AppFeature } from '../app-feature.ts'
import { cspReportBodyLimit, monitoringRoutes, rumBodyLimit } from './monitoring-routes.ts'

/** What browsers report: page speed (RUM) and CSP violations. */
export const monitoringFeature: AppFeature = {
  name: 'monitoring',
  routes: monitoringRoutes,
  bodyLimits: [rumBodyLimit, cspReportBodyLimit],
}
