import { z } from '#schemas/engine/zod.ts'
import { checkoutSettingsSchema } from './settings.ts'

export const pageCheckoutPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: checkoutSettingsSchema,
  companyName: z.string(),
  paths: z.object({
    join: z.string(),
    dashboard: z.string(),
    account: z.string(),
    members: z.string(),
    payment: z.string(),
    terms: z.string(),
  }),
})
export type PageCheckoutProps = z.output<typeof pageCheckoutPropsSchema>
