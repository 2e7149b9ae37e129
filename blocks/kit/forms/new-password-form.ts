import { z } from '#schemas/engine/zod.ts'
import { passwordProblems } from '#schemas/password-rules.ts'
import type { NewPasswordValues } from './password-fields.tsx'

/** A new password's check in a form's schema: the server's rules, and the same password typed again. */
export const newPasswordCheck = z.superRefine((value: NewPasswordValues, ctx) => {
  for (const message of passwordProblems(value.password)) ctx.addIssue({ code: 'custom', message, path: ['password'] })
  if (value.confirm !== value.password)
    ctx.addIssue({ code: 'custom', message: 'The two passwords differ', path: ['confirm'] })
})
