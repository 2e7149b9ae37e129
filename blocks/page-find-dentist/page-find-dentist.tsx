import { staticPart, useEngine } from '#engine'
import { cleanSearch } from '../kit/catalog/dentist-search.ts'
import { DentistSearchForm } from '../kit/catalog/dentist-search-form.tsx'
import type { PageFindDentistProps } from './props.ts'

/** The results and the disclosure: links only, so the server's HTML of them stays until the search changes. */
const OfficeResults = staticPart('office-results', () => import('./results.tsx'))

export default function PageFindDentist({ settings, search, checked, administrator }: PageFindDentistProps) {
  const { pathTo } = useEngine()
  const action = pathTo('find-a-dentist')
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-body">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
      </header>
      <DentistSearchForm
        key={JSON.stringify(cleanSearch(search))}
        action={action}
        search={search}
        problems={checked.ok ? undefined : checked.problems}
        label={settings.search_label}
        button={settings.search_button}
        texts={settings}
      />
      <OfficeResults search={search} checked={checked} settings={settings} administrator={administrator} />
    </div>
  )
}
