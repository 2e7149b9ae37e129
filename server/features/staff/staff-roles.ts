import { STAFF_ROLES, type StaffRole } from '#schemas/staff-roles.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { rolesOf } from './staff-store.ts'

/** A user's staff roles in a tenant (none: a member), in the order of STAFF_ROLES. */
export async function staffRolesOf(db: Queryable, groupKey: string, userId: number): Promise<StaffRole[]> {
  const rows = await rolesOf(db, groupKey, userId)
  return STAFF_ROLES.filter((role) => rows.some((row) => row.role === role))
}
