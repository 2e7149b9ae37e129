import { z } from '#schemas/engine/zod.ts'
import { officeSettingsSchema } from './settings.ts'

export const pageOfficePropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: officeSettingsSchema,
  /** The route checked it is a positive whole number; the loader checked the office exists. */
  officeId: z.coerce.number().check(z.int(), z.positive()),
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
})
export type PageOfficeProps = z.output<typeof pageOfficePropsSchema>
