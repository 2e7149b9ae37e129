import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { dentistSearchSchema } from '#schemas/search.ts'
import * as component from './page-directory.tsx'

export const pageDirectoryPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  /** The filters in the address (text; the page checks them with the API's schema). */
  search: dentistSearchSchema,
})
export type PageDirectoryProps = z.output<typeof pageDirectoryPropsSchema>

/** The provider directory for California enrollees: public, every §1367.27 field, filterable, printable, CSV, with a report form. */
export const pageDirectory = defineBlock({
  name: 'page-directory',
  title: 'Provider directory',
  description: 'Every provider with the fields of H&S §1367.27, filtered like find-a-dentist, printable, downloadable as CSV, with a way to report a mistake.',
  schema: pageDirectoryPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.directorySettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, search: context.query }),
  load: () => component,
})
