import { defineBlock } from '#engine'
import * as component from './page-office.tsx'

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
  load: () => component,
})
