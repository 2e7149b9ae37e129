/** The directory feature's door: what other features use of it (a lint zone refuses any other way in). */
export { catalog } from './catalog.ts'
export { requireOfferedPlan, requireOfficeOffersTheirPlans } from './offer-rules.ts'
export { distanceMiles, zipCentroid } from './geo.ts'
export type { StaffDirectoryDeps } from './staff-directory-reports.ts'
