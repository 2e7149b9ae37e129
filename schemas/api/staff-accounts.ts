import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { STAFF_ROLES } from '../staff-roles.ts'
import { emailSchema, idParam, nameSchema, okSchema } from './common.ts'
import { setNewPasswordSchema } from './auth.ts'

/** A staff account's state: invited (no password set yet), active, or deactivated (no sign-in, no session). */
export const STAFF_ACCOUNT_STATUSES = ['invited', 'active', 'deactivated'] as const

/** A staff account as an administrator sees it in the staff list. */
export const staffAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(STAFF_ACCOUNT_STATUSES),
  /** Whether the authenticator app is set up (the second factor). */
  enrolled: z.boolean(),
  lastSignInAt: z.nullable(z.string()),
  deactivatedAt: z.nullable(z.string()),
})
export type StaffAccount = z.output<typeof staffAccountSchema>
export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) })

/** One or more roles, each once. */
const rolesSchema = z.array(z.enum(STAFF_ROLES)).check(
  z.minLength(1, 'Choose at least one role'),
  z.maxLength(STAFF_ROLES.length, `At most ${STAFF_ROLES.length} roles`),
  z.refine((roles) => new Set(roles).size === roles.length, 'Name each role once'),
)
const reasonText = z.string().check(z.trim(), z.maxLength(1000, 'Keep it under 1,000 characters'))

export const staffInviteSchema = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  roles: rolesSchema,
})
export const staffRolesChangeSchema = z.object({ roles: rolesSchema, reason: z.optional(reasonText) })
export const staffDeactivateSchema = z.object({
  reason: reasonText.check(z.minLength(1, 'Say why the account is deactivated')),
})
export const staffReactivateSchema = z.object({ reason: z.optional(reasonText) })

const ACCOUNTS = ['Staff: accounts']
const ADMIN = { staff: ['admin'] } as const

/** An administrator's action on one staff account: one audit entry; 404 for another tenant's or a member's account. */
const accountAction = <Body extends z.ZodMiniType>(action: string, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `/api/v4/staff/accounts/:id/${action}`,
    summary,
    tags: ACCOUNTS,
    access: ADMIN,
    params: idParam,
    body,
    response: staffAccountSchema,
  })

/** Staff administration (issue 29, docs/adr/0026): administrators invite staff, change roles, deactivate and reactivate. */
export const staffAccountsApi = {
  accounts: contract({
    method: 'get',
    path: '/api/v4/staff/accounts',
    summary:
      'The tenant’s staff: email, roles, status, whether the authenticator app is set up, the last sign-in; administrators only',
    tags: ACCOUNTS,
    access: ADMIN,
    response: staffAccountListSchema,
  }),
  invite: contract({
    method: 'post',
    path: '/api/v4/staff/accounts',
    summary:
      'Invites a staff member with roles: mails a single-use link to set a password (then the console’s sign-in enrols the authenticator app); 409 when the address has an account',
    tags: ACCOUNTS,
    access: ADMIN,
    status: 201,
    body: staffInviteSchema,
    response: staffAccountSchema,
  }),
  changeRoles: accountAction(
    'roles',
    'Sets a staff member’s roles; 409 when it would leave the tenant without an active administrator',
    staffRolesChangeSchema,
  ),
  deactivate: accountAction(
    'deactivate',
    'Deactivates a staff account, with the reason: every session of it ends at once and its sign-in is refused; 409 for one’s own account or the last administrator',
    staffDeactivateSchema,
  ),
  reactivate: accountAction(
    'reactivate',
    'Reactivates a deactivated staff account: it signs in again, with its roles',
    staffReactivateSchema,
  ),
  resendInvitation: accountAction(
    'invitation',
    'Mails a new invitation link to a staff member who has not chosen a password yet (the earlier links end); 409 otherwise',
    staffReactivateSchema,
  ),
  acceptInvitation: contract({
    method: 'post',
    path: '/api/v4/staff/invitation',
    summary:
      'Sets the password of an invited staff member with the invitation’s token (single use, expiring); does not sign in: the console’s sign-in follows',
    tags: ACCOUNTS,
    access: 'public',
    body: setNewPasswordSchema,
    response: okSchema,
  }),
}
