import { z } from '#schemas/engine/zod.ts'
import { grievanceStatusSettingsSchema } from './settings.ts'

export const pageGrievanceStatusPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: grievanceStatusSettingsSchema,
  /** Signed in as a member: their grievances are listed above the lookup. */
  member: z.boolean(),
  paths: z.object({ grievanceForm: z.string() }),
})
export type PageGrievanceStatusProps = z.output<typeof pageGrievanceStatusPropsSchema>
