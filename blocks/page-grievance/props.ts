import { z } from '#schemas/engine/zod.ts'
import { languageAssistanceSchema } from '#schemas/cms.ts'
import { grievanceSettingsSchema } from './settings.ts'

export const pageGrievancePropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: grievanceSettingsSchema,
  /** The tenant (content's group key): its offices fill the office list. */
  groupKey: z.string(),
  planName: z.string().check(z.describe('The plan administrator, named in the statement')),
  /** The plan's phone number, for the DMHC statement (content: header_phone_number). */
  planPhone: z.optional(z.string()),
  /** The grievance status page: a member's grievances, and a lookup by reference and email. */
  statusPath: z.string(),
  /** California's language assistance (content: base.variables.language_assistance), beside the statement. */
  languageAssistance: z.optional(languageAssistanceSchema),
  /** A signed-in member's email, to start the form with. */
  email: z.optional(z.string()),
})
export type PageGrievanceProps = z.output<typeof pageGrievancePropsSchema>
