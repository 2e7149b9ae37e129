import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { EMAIL_MAX_LENGTH, emailSchema, nameSchema, okSchema, phoneSchema } from './common.ts'
import { sessionApi } from './session.ts'

export { loginRequestSchema, loginResponseSchema, type LoginRequest } from './session.ts'
export { PASSWORD_RULES, passwordProblems } from '../password-rules.ts'

export const resetPasswordEmailSchema = z.object({ email: emailSchema })
export const setNewPasswordSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
})
/** A signed-in member's new password: the current one first, then the new one (the reset page's rules). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(256)),
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
})
export const validateEmailSchema = z.object({
  email: z.string().check(z.maxLength(EMAIL_MAX_LENGTH, `Use at most ${EMAIL_MAX_LENGTH} characters`)),
})
export const validateEmailResponseSchema = z.object({ valid: z.boolean(), message: z.optional(z.string()) })

export const signupSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: z.optional(phoneSchema),
})

const SESSION = ['Session']

/** Sign-in, session check, sign-out, password reset and sign-up. */
export const authApi = {
  ...sessionApi,
  resetPasswordEmail: contract({
    method: 'post',
    path: '/api/v4/member/resetPasswordEmail',
    summary: 'Mails a single-use link to choose a new password (answers the same whether the account exists or not)',
    tags: SESSION,
    access: 'public',
    body: resetPasswordEmailSchema,
    response: okSchema,
  }),
  setNewPassword: contract({
    method: 'post',
    path: '/api/v4/member/setNewPassword',
    summary: 'Sets a new password with a reset link’s token; ends every session of the account; does not sign in',
    tags: SESSION,
    access: 'public',
    body: setNewPasswordSchema,
    response: okSchema,
  }),
  changePassword: contract({
    method: 'post',
    path: '/api/v4/member/changePassword',
    summary:
      'Changes the signed-in member’s password after checking the current one (throttled like sign-in); ends every other session of the account and tells the member by mail',
    tags: SESSION,
    access: 'member',
    body: changePasswordSchema,
    response: okSchema,
  }),
  validateEmail: contract({
    method: 'post',
    path: '/api/v4/member/validateEmail',
    summary: 'Checks an email address before sign-up (its form only: it never tells whether an account exists)',
    tags: SESSION,
    access: 'public',
    body: validateEmailSchema,
    response: validateEmailResponseSchema,
  }),
  signup: contract({
    method: 'post',
    path: '/api/v4/member/signup',
    summary: 'Creates a member account (the same answer when the email is taken: its owner is told by mail)',
    tags: SESSION,
    access: 'public',
    status: 201,
    body: signupSchema,
    response: okSchema,
  }),
}
