import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type MouseEvent } from 'react'
import { apiQueryKey, staticPart, useEngine, useLoadWhenIdle } from '#engine'
import type { ProviderResults } from '#schemas/api/directory.ts'
import { cleanSearch, providerSearchQuery } from '../kit/catalog/dentist-search.ts'
import { DentistSearchForm } from '../kit/catalog/dentist-search-form.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import type { DirectoryRow } from './csv.ts'
import type { PageDirectoryProps } from './props.ts'

/** The providers, with their buttons: the server's HTML of them stays; their clicks are the page's. */
const ProviderDirectory = staticPart('provider-directory', () => import('./directory.tsx'))

/**
 * The report dialog and its form library are not part of the page's start: they
 * load once the page is idle, or when a report is first opened.
 */
const loadReportDialog = () => import('./report-dialog.tsx')
const ReportDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportDialog })))

/** Saves the rows as the CSV file of California's provider directory rule (its code loads with the first download). */
async function download(results: ProviderResults) {
  const { directoryCsv } = await import('./csv.ts')
  const url = URL.createObjectURL(new Blob([directoryCsv(results.results)], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `provider-directory-${results.updatedAt.slice(0, 10)}.csv`,
  })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export default function PageDirectory({ settings, search, checked }: PageDirectoryProps) {
  const { pathTo } = useEngine()
  const queryClient = useQueryClient()
  const [reporting, setReporting] = useState<DirectoryRow>()
  useLoadWhenIdle(loadReportDialog)
  /** The directory's buttons (print, download, report a row), by what they say they do. */
  const act = (event: MouseEvent) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-action]') : null
    if (!button || !checked.ok) return
    // The rows the directory shows: its query's answer, in the cache since the page loaded.
    const results = queryClient.getQueryData<ProviderResults>(apiQueryKey(providerSearchQuery(checked.search)))
    if (button.dataset.action === 'print') window.print()
    else if (button.dataset.action === 'download' && results) void download(results)
    else if (button.dataset.action === 'report')
      setReporting(results?.results.find((row) => String(row.provider.id) === button.dataset.provider))
  }
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 text-body print:max-w-none print:p-0">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
        <p className="print:hidden">{settings.report_help}</p>
      </header>
      <div className="print:hidden">
        <DentistSearchForm
          key={JSON.stringify(cleanSearch(search))}
          action={pathTo('directory')}
          search={search}
          problems={checked.ok ? undefined : checked.problems}
          label={settings.search_label}
          button={settings.search_button}
          texts={settings}
        />
      </div>
      {checked.ok ? (
        <div className="contents" onClick={act}>
          <ProviderDirectory search={checked.search} settings={settings} />
        </div>
      ) : (
        <FormAlert>{settings.correct_search}</FormAlert>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog row={reporting} settings={settings} onClose={() => setReporting(undefined)} />
        </Suspense>
      )}
    </div>
  )
}
