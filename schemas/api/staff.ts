import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { STAFF_ROLES } from '../staff-roles.ts'
import { loginRequestSchema } from './session.ts'
import { idParam } from './common.ts'
import {
  grievanceNoteSchema,
  grievanceReasonSchema,
  grievanceReopenSchema,
  grievanceResolutionSchema,
  staffGrievanceDetailSchema,
  staffGrievanceFiltersSchema,
  staffGrievanceListSchema,
} from './staff-grievances.ts'

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
const MEMBER_SERVICES = { staff: ['support', 'admin'] } as const
const GRIEVANCES = ['Staff: grievances']

/** An action on one grievance: recorded in its history and the audit trail; 409 when its status does not allow it. */
const grievanceAction = <Body extends z.ZodMiniType>(action: string, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `/api/v4/staff/grievances/:id/${action}`,
    summary,
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    params: idParam,
    body,
    response: staffGrievanceDetailSchema,
  })

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
  grievances: contract({
    method: 'get',
    path: '/api/v4/staff/grievances',
    summary:
      'The tenant’s grievances, nearest deadline first, with their legal clocks; filtered by status, urgent, overdue',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    query: staffGrievanceFiltersSchema,
    response: staffGrievanceListSchema,
  }),
  grievance: contract({
    method: 'get',
    path: '/api/v4/staff/grievances/:id',
    summary: 'One grievance: everything filed, its files’ names, the linked member, the responses and the history',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    params: idParam,
    response: staffGrievanceDetailSchema,
  }),
  acknowledgeGrievance: grievanceAction(
    'acknowledge',
    'Acknowledges a received grievance in writing: a mail to the filer, shown in the member’s grievances',
    grievanceReasonSchema,
  ),
  noteGrievance: grievanceAction('note', 'Adds an internal note (never shown to the member)', grievanceNoteSchema),
  resolveGrievance: grievanceAction(
    'resolve',
    'Resolves an open grievance: the written resolution is mailed to the filer and shown in the member’s grievances',
    grievanceResolutionSchema,
  ),
  closeGrievance: grievanceAction('close', 'Closes a resolved grievance', grievanceReasonSchema),
  reopenGrievance: grievanceAction(
    'reopen',
    'Reopens a resolved or closed grievance, with the reason: it is open again, acknowledged',
    grievanceReopenSchema,
  ),
}
