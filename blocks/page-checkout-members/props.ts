import { z } from '#schemas/engine/zod.ts'
import { checkoutMembersSettingsSchema } from './settings.ts'

export const pageCheckoutMembersPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: checkoutMembersSettingsSchema,
  /** `add-member` lists the household and adds; `edit-member/{memberId}` edits one member. */
  mode: z.enum(['add', 'edit']),
  memberId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /** The plans the site offers (content: plans_whitelist); empty: every plan of the office. */
  planIds: z.array(z.number().check(z.int(), z.positive())),
  paths: z.object({ members: z.string(), payment: z.string() }),
})
export type PageCheckoutMembersProps = z.output<typeof pageCheckoutMembersPropsSchema>
