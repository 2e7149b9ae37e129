import { z } from '#schemas/engine/zod.ts'
import { setNewPasswordSchema } from '#schemas/api/members.ts'
import { loginRequestSchema } from '#schemas/api/session.ts'
import { newPasswordCheck } from '../kit/forms/new-password-form.ts'

/** Sign-in: the server's own request schema. */
export const signInFormSchema = loginRequestSchema

/** The reset link's request: the sign-in's email rule. */
export const resetLinkFormSchema = z.object({ email: loginRequestSchema.shape.email })

/** The new password and its confirmation; the rules are the server's, shown while typing. */
export const newPasswordFormSchema = z
  .extend(z.omit(setNewPasswordSchema, { token: true }), { confirm: z.string() })
  .check(newPasswordCheck)
