import { z } from 'zod'
import { emailSchema } from './common.ts'

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(256),
})
export type LoginRequest = z.input<typeof loginRequestSchema>

export const loginResponseSchema = z.object({
  isAuthenticated: z.literal(true),
  email: z.string(),
  role: z.enum(['member', 'editor']),
})

export const resetPasswordEmailSchema = z.object({ email: emailSchema })
export const setNewPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(1, 'Required').max(256),
})
export const validateEmailSchema = z.object({ email: z.string() })
export const validateEmailResponseSchema = z.object({ valid: z.boolean(), message: z.string().optional() })
