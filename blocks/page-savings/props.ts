import { z } from '#schemas/engine/zod.ts'
import { savingsSettingsSchema } from './settings.ts'

export const pageSavingsPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: savingsSettingsSchema,
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  joinPath: z.string(),
  planIds: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.describe('The plans the site offers (content: plans_whitelist)')),
})
export type PageSavingsProps = z.output<typeof pageSavingsPropsSchema>
