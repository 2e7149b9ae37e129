import { z } from '#schemas/engine/zod.ts'
import { loginRequestSchema, setNewPasswordSchema } from '#schemas/api/auth.ts'
import { passwordProblems } from '#schemas/password-rules.ts'

/** Sign-in: the server's own request schema. */
export const signInFormSchema = loginRequestSchema

/** The reset link's request: the sign-in's email rule. */
export const resetLinkFormSchema = z.object({ email: loginRequestSchema.shape.email })

/** The new password and its confirmation; the rules are the server's, shown while typing. */
export const newPasswordFormSchema = z
  .extend(z.omit(setNewPasswordSchema, { token: true }), { confirm: z.string() })
  .check(
    z.superRefine((value, ctx) => {
      for (const message of passwordProblems(value.password))
        ctx.addIssue({ code: 'custom', message, path: ['password'] })
      if (value.confirm !== value.password)
        ctx.addIssue({ code: 'custom', message: 'The two passwords differ', path: ['confirm'] })
    }),
  )
