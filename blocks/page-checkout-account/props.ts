import { z } from '#schemas/engine/zod.ts'
import { checkoutAccountSettingsSchema } from './settings.ts'

export const pageCheckoutAccountPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: checkoutAccountSettingsSchema,
  /** The signed-in member's email, when a member opens the step. */
  signedInAs: z.optional(z.string()),
  paths: z.object({ signIn: z.string(), members: z.string(), dashboard: z.string(), privacy: z.string() }),
})
export type PageCheckoutAccountProps = z.output<typeof pageCheckoutAccountPropsSchema>
