import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-grievance.tsx'

export const pageGrievancePropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** The tenant (content's group key): its offices fill the office list. */
  groupKey: z.string(),
  planName: z.string().check(z.describe('The plan administrator, named in the statement')),
  /** The plan's phone number, for the DMHC statement (content: header_phone_number). */
  planPhone: z.optional(z.string()),
  /** A signed-in member's email, to start the form with. */
  email: z.optional(z.string()),
})
export type PageGrievanceProps = z.output<typeof pageGrievancePropsSchema>

/** The grievance form of a California plan: every field, attachments, a review step, the DMHC statement, an acknowledgement. */
export const pageGrievance = defineBlock({
  name: 'page-grievance',
  title: 'Grievance form',
  description: 'Member, patient, office, date of service, what happened, the resolution wanted, urgency, attachments and a representative; reviewed before it is filed; acknowledged with a reference and the time limits.',
  schema: pageGrievancePropsSchema,
  settings: () => import('./settings.ts').then((module) => module.grievanceSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    groupKey: context.content.base.variables.group_key,
    planName: context.config.companyName,
    planPhone: context.content.header.variables.header_phone_number,
    email: context.session.role === 'member' ? context.session.email : undefined,
  }),
  load: () => component,
})
