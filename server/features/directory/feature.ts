import type { AppFeature } from '../app-feature.ts'
import { catalogRoutes } from './catalog-routes.ts'
import { staffDirectoryReportRoutes } from './staff-directory-report-routes.ts'

/** The dentists' directory: offices, providers, the search, and the reports of wrong listings. */
export const directoryFeature: AppFeature = {
  name: 'directory',
  routes: [...catalogRoutes, ...staffDirectoryReportRoutes],
}
