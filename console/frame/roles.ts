import type { StaffRole } from '#schemas/staff-roles.ts'

/** The staff roles in the words the console shows. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  support: 'Member services',
  admin: 'Administrator',
  content: 'Content manager',
}

export const rolesText = (roles: readonly StaffRole[]) => roles.map((role) => ROLE_LABELS[role]).join(', ')
