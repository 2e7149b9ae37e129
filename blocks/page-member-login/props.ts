import { z } from '#schemas/engine/zod.ts'
import { memberLoginSettingsSchema } from './settings.ts'
import { redirectSearchSchema, resetSearchSchema } from '#schemas/search.ts'

export const pageMemberLoginPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: memberLoginSettingsSchema,
  /** `reset-password` shows the reset state; with a token, the new-password form. */
  mode: z.enum(['sign-in', 'reset']),
  token: resetSearchSchema.shape.token,
  redirect: redirectSearchSchema.shape.redirect,
  /** A member is signed in (the reset page then asks before it shows a mailed link's form). */
  signedIn: z._default(z.boolean(), false),
  officeLoginUrl: z.optional(z.string()),
  captchaSiteKey: z.optional(z.string()).check(z.describe('reCAPTCHA Enterprise site key, when the bot check is on')),
  paths: z.object({ signIn: z.string(), reset: z.string(), dashboard: z.string(), join: z.string() }),
})
export type PageMemberLoginProps = z.output<typeof pageMemberLoginPropsSchema>
