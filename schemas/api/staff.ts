import { z } from '../engine/zod.ts'
import { contract, STAFF_ROLES } from '../engine/contract.ts'
import { loginRequestSchema } from './session.ts'

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

/** The secret for the authenticator app: as a link (for a QR code) and as text to type. */
export const staffEnrolStartSchema = z.object({ uri: z.string(), secret: z.string() })

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
