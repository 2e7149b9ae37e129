/** The directory feature's door: what other features use of it (a lint zone refuses any other way in). */
export { catalog, checkCoupon, dollars, familyPlans, planRow, priceOf } from './catalog.ts'
export type { CouponCheck } from './catalog.ts'
export { distanceMiles, zipCentroid } from './geo.ts'
export type { StaffDirectoryDeps } from './staff-directory-reports.ts'
