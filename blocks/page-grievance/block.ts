import { isMember } from '#schemas/member.ts'
import { defineBlock, type PageData } from '#engine'
import * as component from './page-grievance.tsx'
import { officesQuery } from './queries.ts'

/** The tenant's offices, for the office the grievance is about. */
const data: PageData = ({ content }) => [officesQuery(content.base.variables.group_key)]

/** The grievance form of a California plan: every field, attachments, a review step, the DMHC statement, an acknowledgement. */
export const pageGrievance = defineBlock({
  name: 'page-grievance',
  title: 'Grievance form',
  description:
    'Member, patient, office, date of service, what happened, the resolution wanted, urgency, attachments and a representative; reviewed before it is filed; acknowledged with a reference and the time limits.',
  schema: () => import('./props.ts').then((module) => module.pageGrievancePropsSchema),
  settings: () => import('./settings.ts').then((module) => module.grievanceSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    groupKey: context.content.base.variables.group_key,
    planName: context.config.companyName,
    planPhone: context.content.header.variables.header_phone_number,
    languageAssistance: context.content.base.variables.language_assistance,
    statusPath: context.pathTo('grievance-status'),
    email: isMember(context.session) ? context.session.email : undefined,
  }),
  data,
  load: () => component,
})
