import { defineBlock } from '#engine'
import * as component from './page-renewal.tsx'
import { renewalData } from './queries.ts'

/** A renewal notice's one-click link: the membership, and one button that turns automatic renewal off. */
export const pageRenewal = defineBlock({
  name: 'page-renewal',
  title: 'Automatic renewal',
  description:
    'Opened from a renewal notice’s signed link: the membership, its renewal date and price, and one button that turns automatic renewal off without signing in.',
  schema: () => import('./props.ts').then((module) => module.pageRenewalPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.renewalSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    // Parsed by the route's search schema (a well-formed token, or none).
    token: typeof context.query.token === 'string' ? context.query.token : undefined,
    paths: { dashboard: context.pathTo('dashboard') },
  }),
  data: renewalData,
  load: () => component,
})
