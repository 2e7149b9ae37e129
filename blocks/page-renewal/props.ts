import { z } from '#schemas/engine/zod.ts'
import { renewalSettingsSchema } from './settings.ts'

export const pageRenewalPropsSchema = z.object({
  /** The page's texts from content (`pages.renewal`), checked by its settings schema. */
  settings: renewalSettingsSchema,
  /** The renewal notice's signed token (the route's search schema checked its form), if the link had one. */
  token: z.optional(z.string()),
  paths: z.object({ dashboard: z.string() }),
})
export type PageRenewalProps = z.output<typeof pageRenewalPropsSchema>
