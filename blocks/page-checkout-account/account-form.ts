import { z } from '#schemas/engine/zod.ts'
import { checkoutAccountSchema } from '#schemas/api/checkout.ts'

/** The account form: the server's schema; a password is required unless one was chosen before. */
export const accountFormSchema = (hasPassword: boolean) =>
  checkoutAccountSchema.check(
    z.superRefine((value, ctx) => {
      if (!hasPassword && !value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Required' })
    }),
  )
