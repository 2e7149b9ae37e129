/** The staff feature's door: what other features use of it (a lint zone refuses any other way in). */
export { audit } from './audit.ts'
export type { Actor } from './audit.ts'
export { staffRolesOf } from './staff-roles.ts'
