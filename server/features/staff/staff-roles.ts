import { z } from '#schemas/engine/zod.ts'
import { STAFF_ROLES, type StaffRole } from '#schemas/staff-roles.ts'
import { many, type Queryable } from '../../platform/db/database.ts'

/** A user's staff roles in a tenant (none: a member), in the order of STAFF_ROLES. */
export async function staffRolesOf(db: Queryable, groupKey: string, userId: number): Promise<StaffRole[]> {
  const rows = await many(
    db,
    z.object({ role: z.enum(STAFF_ROLES) }),
    'SELECT role FROM staff_roles WHERE group_key = $1 AND user_id = $2',
    [groupKey, userId],
  )
  return STAFF_ROLES.filter((role) => rows.some((row) => row.role === role))
}
