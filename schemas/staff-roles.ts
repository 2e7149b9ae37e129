/**
 * The roles of the plan's staff: member services, administrator (manages staff), content manager.
 * The site registers them with the engine (site-config/site.ts, `staffRole` in its `Register`): an
 * endpoint's access names them, and a name not among them does not compile.
 */
export const STAFF_ROLES = ['support', 'admin', 'content'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
