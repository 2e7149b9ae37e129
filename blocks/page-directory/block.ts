import { defineBlock, type PageData } from '#engine'
import * as component from './page-directory.tsx'
import { loadSearchCheck, providerSearchQuery } from '../kit/catalog/dentist-search.ts'

/** Every provider matching the filters, in the first HTML (the directory lists, prints and exports them all). */
const data: PageData = async ({ search }) => {
  const checked = (await loadSearchCheck())(search)
  return checked.ok ? [providerSearchQuery(checked.search)] : []
}

/** The provider directory for California enrollees: public, every §1367.27 field, filterable, printable, CSV, with a report form. */
export const pageDirectory = defineBlock({
  name: 'page-directory',
  title: 'Provider directory',
  description:
    'Every provider with the fields of H&S §1367.27, filtered like find-a-dentist, printable, downloadable as CSV, with a way to report a mistake.',
  schema: () => import('./props.ts').then((module) => module.pageDirectoryPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.directorySettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, search: context.query }),
  data,
  load: () => component,
})
