// The staff feature's contracts (server/features/staff): the console's sign-in, staff accounts, and
// the audit trail with its export.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { STAFF_ROLES } from '../staff-roles.ts'
import { setNewPasswordSchema } from './members.ts'
import { loginRequestSchema } from './session.ts'
import { dateSchema, emailSchema, idParam, nameSchema, okSchema, PG_INT_MAX } from './common.ts'
import { fileContract } from './files.ts'

export const staffRoleSchema = z.enum(STAFF_ROLES)

/** After the password: a code from the authenticator app, or (first sign-in) enrolment. */
export const staffSignInResponseSchema = z.object({ next: z.enum(['code', 'enrol']) })

/** The second factor: the app's 6-digit code, or one of the recovery codes (`xxxxx-xxxxx`). */
export const staffCodeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the code from your authenticator app'),
      z.maxLength(32, 'Enter the 6-digit code or a recovery code'),
    ),
})

/** The staff member signed in with both factors. */
export const staffMeSchema = z.object({ email: z.string(), roles: z.array(staffRoleSchema) })

/** The secret for the authenticator app: as a link, as its QR code (an SVG path of the dark squares in a size×size box) and as text to type. */
export const staffEnrolStartSchema = z.object({
  uri: z.string(),
  secret: z.string(),
  qr: z.object({ size: z.number().check(z.int(), z.positive()), path: z.string() }),
})

/** Enrolment done: signed in, and the recovery codes, shown this once. */
export const staffEnrolFinishSchema = z.extend(staffMeSchema, { recoveryCodes: z.array(z.string()) })

const STAFF = ['Staff']
const EVERY_ROLE = { staff: STAFF_ROLES }

/** The staff console's sign-in in two steps (docs/adr/0026). */
export const staffApi = {
  signIn: contract({
    method: 'post',
    path: '/api/v4/staff/signIn',
    summary:
      'First step of a staff sign-in: the password; answers which second step follows (a member or an unknown account: the sign-in’s own 401)',
    tags: STAFF,
    access: 'public',
    body: loginRequestSchema,
    response: staffSignInResponseSchema,
  }),
  verify: contract({
    method: 'post',
    path: '/api/v4/staff/verify',
    summary:
      'Second step: a code of the authenticator app (each accepted once) or a recovery code (each usable once); throttled per account',
    tags: STAFF,
    access: 'second-factor',
    body: staffCodeSchema,
    response: staffMeSchema,
  }),
  enrolStart: contract({
    method: 'post',
    path: '/api/v4/staff/enrol/start',
    summary: 'At first sign-in: a new TOTP secret for the authenticator app (saved once a first code confirms it)',
    tags: STAFF,
    access: 'second-factor',
    response: staffEnrolStartSchema,
  }),
  enrolFinish: contract({
    method: 'post',
    path: '/api/v4/staff/enrol/finish',
    summary: 'Confirms enrolment with a first code; signs in and answers ten recovery codes, shown this once',
    tags: STAFF,
    access: 'second-factor',
    body: staffCodeSchema,
    response: staffEnrolFinishSchema,
  }),
  me: contract({
    method: 'get',
    path: '/api/v4/staff/me',
    summary: 'The staff member signed in with both factors, and their roles',
    tags: STAFF,
    access: EVERY_ROLE,
    response: staffMeSchema,
  }),
}

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

const pageSize = z.optional(
  z.coerce.number().check(z.int('A whole number'), z.gte(1, 'At least 1'), z.lte(500, 'At most 500 a page')),
)

/** Which entries of the audit trail: a period (`to` excluded), an action or its kind (`staff.`), and a page. */
export const auditQuerySchema = z.object({
  from: z.optional(dateSchema),
  to: z.optional(dateSchema),
  action: z.optional(
    z.string().check(z.maxLength(64), z.regex(/^[a-z_.]+$/, 'An action such as staff.sign_in, or its kind: staff.')),
  ),
  /** The page after the one whose last entry had this id (the answer's `next`). */
  before: z.optional(
    z.coerce.number().check(z.int('A whole number'), z.gte(1, 'At least 1'), z.lte(PG_INT_MAX, 'Not an entry')),
  ),
  limit: pageSize,
})
export type AuditQuery = z.output<typeof auditQuerySchema>

/** One entry, as an administrator reads it: who (their email), when, what, why, before and after. */
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  address: z.nullable(z.string()),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

export const auditPageSchema = z.object({
  entries: z.array(auditEventSchema),
  /** The next page's `before`, or null on the last page. */
  next: z.nullable(z.number()),
})

/** The audit trail, for administrators: read only (no route changes it; docs/adr/0026). */
export const staffAuditApi = {
  audit: contract({
    method: 'get',
    path: '/api/v4/staff/audit',
    summary:
      'The tenant’s audit trail, newest first, by period and action, a page at a time (what the console shows and exports); administrators only',
    tags: ['Staff'],
    access: { staff: ['admin'] },
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
}

/** The period of the audit trail's export: days `from` (included) `to` (excluded), each optional. */
export const auditExportQuerySchema = z.object({ from: z.optional(dateSchema), to: z.optional(dateSchema) })

/** The files staff download from the staff's own screens: the audit trail as CSV (docs/adr/0026). */
export const staffExportsApi = {
  auditExport: fileContract({
    path: '/api/v4/staff/audit/export',
    summary:
      'The tenant’s audit trail in a period as CSV (oldest first: when, who, what, subject, reason, before, after, address); administrators only',
    tags: ['Staff'],
    access: { staff: ['admin'] },
    query: auditExportQuerySchema,
    types: ['text/csv'],
  }),
}
