import { z } from '#schemas/engine/zod.ts'
import { changePasswordSchema } from '#schemas/api/auth.ts'
import { passwordProblems } from '#schemas/password-rules.ts'

/** The current password, the new one and its confirmation: the endpoint's schema and the reset page's rules. */
export const changePasswordFormSchema = z.extend(changePasswordSchema, { confirm: z.string() }).check(
  z.superRefine((value, ctx) => {
    for (const message of passwordProblems(value.password))
      ctx.addIssue({ code: 'custom', message, path: ['password'] })
    if (value.confirm !== value.password)
      ctx.addIssue({ code: 'custom', message: 'The two passwords differ', path: ['confirm'] })
  }),
)
