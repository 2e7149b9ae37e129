import { defineBlock, type PageData } from '#engine'
import * as component from './page-find-dentist.tsx'
import { loadSearchCheck, officeSearchQuery } from '../kit/catalog/dentist-search.ts'

/** The first page of results, in the first HTML; a search with a problem runs nothing (the form says what is wrong). */
const data: PageData = async ({ search }) => {
  const checked = (await loadSearchCheck())(search)
  return checked.ok ? [officeSearchQuery(checked.search)] : []
}

/** Find a dentist: search participating offices by ZIP and distance, name, specialty, language and new patients. */
export const pageFindDentist = defineBlock({
  name: 'page-find-dentist',
  title: 'Find a dentist',
  description:
    'A search of participating offices (the query in the address), results by distance with their dentists, hours and plans.',
  schema: () => import('./props.ts').then((module) => module.pageFindDentistPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.findDentistSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    search: context.query,
    administrator: context.config.companyName,
  }),
  data,
  load: () => component,
})
