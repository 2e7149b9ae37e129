import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { authSessionSchema } from '../runtime.ts'
import { emailSchema, okSchema } from './common.ts'

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
})
export type LoginRequest = z.input<typeof loginRequestSchema>

export const loginResponseSchema = z.object({
  isAuthenticated: z.literal(true),
  email: z.string(),
  role: z.enum(['member', 'editor']),
})

const SESSION = ['Session']

/**
 * The session's contracts, which every page needs (sign-in, the session check, sign-out): a
 * module of their own, so the entry chunk carries these and not the rest of the auth API.
 */
export const sessionApi = {
  login: contract({
    method: 'post',
    path: '/api/login',
    summary: 'Sign in; sets a fresh HttpOnly session cookie',
    tags: SESSION,
    access: 'public',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  session: contract({
    method: 'get',
    path: '/api/auth',
    summary: 'The visitor’s session',
    tags: SESSION,
    access: 'public',
    response: authSessionSchema,
  }),
  logout: contract({
    method: 'post',
    path: '/api/v4/member/logout',
    summary: 'Sign out: ends the session',
    tags: SESSION,
    access: 'public',
    response: okSchema,
  }),
}
