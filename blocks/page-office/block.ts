import { defineBlock, type PageData } from '#engine'
import * as component from './page-office.tsx'
import { officeQuery, plansQuery } from './queries.ts'

/** The office (required: an unknown id makes the page a 404) and its plans. */
const data: PageData = ({ params }) => [officeQuery(Number(params.officeId)), plansQuery(Number(params.officeId))]

/** An office: its details, hours, directions, dentists and plans, with a join button per plan. */
export const pageOffice = defineBlock({
  name: 'page-office',
  title: 'Office',
  description:
    'One participating office: address with directions, hours, accessibility, its dentists and its plans with prices and a join button.',
  schema: () => import('./props.ts').then((module) => module.pageOfficePropsSchema),
  settings: () => import('./settings.ts').then((module) => module.officeSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    officeId: context.params.officeId,
    administrator: context.config.companyName,
  }),
  data,
  static: true,
  load: () => component,
})
