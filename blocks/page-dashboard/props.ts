import { z } from '#schemas/engine/zod.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { publicConfigSchema } from '#schemas/runtime.ts'

export const pageDashboardPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: dashboardSettingsSchema,
  companyName: z.string(),
  paymentFields: publicConfigSchema.shape.paymentFields,
  paths: z.object({ grievance: z.string(), grievances: z.string(), findDentist: z.string() }),
})
export type PageDashboardProps = z.output<typeof pageDashboardPropsSchema>
