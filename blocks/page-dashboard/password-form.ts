import { z } from '#schemas/engine/zod.ts'
import { changePasswordSchema } from '#schemas/api/members.ts'
import { newPasswordCheck } from '../kit/forms/new-password-form.ts'

/** The current password, the new one and its confirmation: the endpoint's schema and the reset page's rules. */
export const changePasswordFormSchema = z.extend(changePasswordSchema, { confirm: z.string() }).check(newPasswordCheck)
