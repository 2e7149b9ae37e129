import { isMember } from '#schemas/member.ts'
import { defineBlock } from '#engine'
import * as component from './page-grievance-status.tsx'
import { grievanceStatusData } from './queries.ts'

/** A grievance's status: a member's own grievances, and a lookup by reference and email for anyone. */
export const pageGrievanceStatus = defineBlock({
  name: 'page-grievance-status',
  title: 'Grievance status',
  description:
    'A signed-in member’s grievances (status, due dates, the plan’s responses), and a lookup of one by its reference and email without signing in.',
  schema: () => import('./props.ts').then((module) => module.pageGrievanceStatusPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.grievanceStatusContentSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    member: isMember(context.session),
    paths: { grievanceForm: context.pathTo('grievance-form') },
  }),
  data: grievanceStatusData,
  load: () => component,
})
