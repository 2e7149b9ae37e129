import { defineBlock } from '#engine'
import * as component from './page-directory.tsx'

/** The provider directory for California enrollees: public, every §1367.27 field, filterable, printable, CSV, with a report form. */
export const pageDirectory = defineBlock({
  name: 'page-directory',
  title: 'Provider directory',
  description:
    'Every provider with the fields of H&S §1367.27, filtered like find-a-dentist, printable, downloadable as CSV, with a way to report a mistake.',
  schema: () => import('./props.ts').then((module) => module.pageDirectoryPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.directorySettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, search: context.query }),
  load: () => component,
})
