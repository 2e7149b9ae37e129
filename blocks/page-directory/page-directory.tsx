import { lazy, Suspense, useState } from 'react'
import { useEngine, useLoadWhenIdle, type PageData } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import { cleanSearch, loadSearchCheck, providerSearchQuery } from '../kit/dentist-search.ts'
import { DentistSearchForm } from '../kit/dentist-search-form.tsx'
import { FormAlert } from '../kit/field.tsx'
import { formatPhone } from '../kit/phone.ts'
import type { PageDirectoryProps } from './props.ts'
import { AGES, directoryCsv, type DirectoryRow } from './csv.ts'
import type { DirectorySettings } from './settings.ts'
import { longDate } from '../kit/dates.ts'

/** Every provider matching the filters, in the first HTML (the directory lists, prints and exports them all). */
export const data: PageData = async ({ search }) => {
  const checked = (await loadSearchCheck())(search)
  return checked.ok ? [providerSearchQuery(checked.search)] : []
}


export default function PageDirectory({ settings, search, checked }: PageDirectoryProps) {
  const { pathTo } = useEngine()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 text-body print:max-w-none print:p-0">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
        <p className="print:hidden">{settings.report_help}</p>
      </header>
      <div className="print:hidden">
        <DentistSearchForm key={JSON.stringify(cleanSearch(search))} action={pathTo('directory')} search={search} problems={checked.ok ? undefined : checked.problems} label={settings.search_label} button={settings.search_button} />
      </div>
      {checked.ok ? (
        <DataBoundary title="the directory">
          <Directory query={providerSearchQuery(checked.search)} settings={settings} />
        </DataBoundary>
      ) : (
        <FormAlert>Correct the filters above to see the directory.</FormAlert>
      )}
    </div>
  )
}

/**
 * The report dialog and its form library (about 15 kB gzip) are not part of the page's start: they
 * load once the page is idle, or when a report is first opened.
 */
const loadReportDialog = () => import('./report-dialog.tsx')
const ReportDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportDialog })))

function Directory({ query, settings }: { query: ReturnType<typeof providerSearchQuery>; settings: DirectorySettings }) {
  const { data } = useApiQuery(query)
  const [reporting, setReporting] = useState<DirectoryRow>()
  useLoadWhenIdle(loadReportDialog)
  const updated = longDate(data.updatedAt)
  const download = () => {
    const url = URL.createObjectURL(new Blob([directoryCsv(data.results)], { type: 'text/csv;charset=utf-8' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: `provider-directory-${data.updatedAt.slice(0, 10)}.csv` })
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <section aria-labelledby="directory-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="directory-heading" className="text-2xl font-semibold">
            Providers
          </h2>
          <p role="status">
            {data.total} {data.total === 1 ? 'provider' : 'providers'}
            {data.origin ? ` near ${data.origin.zip} (${data.origin.city}, ${data.origin.state}), nearest first` : ''}. Last updated {updated}.
          </p>
          {data.total > data.results.length && <p>Showing the first {data.results.length}: add a filter to narrow the list.</p>}
        </div>
        <div className="flex gap-3 print:hidden">
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            Print the directory
          </button>
          <button type="button" className="btn-primary" onClick={download} disabled={!data.results.length}>
            Download as CSV
          </button>
        </div>
      </div>
      {data.results.length === 0 ? (
        <p>{settings.no_results}</p>
      ) : (
        <div role="region" aria-labelledby="directory-caption" tabIndex={0} className="overflow-x-auto rounded-lg border border-gray-300 print:overflow-visible print:border-0">
          <table className="w-full border-collapse text-left text-sm print:text-[9pt]">
            <caption id="directory-caption" className="sr-only">
              Participating providers, last updated {updated}
            </caption>
            <thead className="bg-gray-100">
              <tr>
                {['Provider', 'Type and specialty', 'Credentials', 'Languages', 'Office', 'Accessibility', 'New patients'].map((header) => (
                  <th key={header} scope="col" className="p-2 font-semibold">
                    {header}
                  </th>
                ))}
                <th scope="col" className="p-2 font-semibold print:hidden">
                  <span className="sr-only">Report</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((row) => (
                <tr key={row.provider.id} className="border-t border-gray-300 align-top">
                  <th scope="row" className="p-2 font-semibold">
                    {row.provider.name}
                    {row.provider.groupAffiliation && <div className="font-normal text-gray-700">{row.provider.groupAffiliation}</div>}
                  </th>
                  <td className="p-2">
                    {row.provider.providerType}, {row.provider.specialty}
                    <div className="text-gray-700">{AGES[row.provider.patientAges]}</div>
                  </td>
                  <td className="p-2">
                    <div>NPI {row.provider.npi}</div>
                    <div>License {row.provider.licenseNumber}</div>
                    <div>{row.provider.boardCertification ? `Board certified: ${row.provider.boardCertification}` : 'Not board certified'}</div>
                  </td>
                  <td className="p-2">
                    <div>{row.provider.languages.join(', ')}</div>
                    {row.office.staffLanguages.length > 0 && <div className="text-gray-700">Staff: {row.office.staffLanguages.join(', ')}</div>}
                  </td>
                  <td className="p-2">
                    <div>{row.office.name}</div>
                    <div>
                      {row.office.address.line}, {row.office.address.city}, {row.office.address.state} {row.office.address.zip}
                    </div>
                    <div>{formatPhone(row.office.phone)}</div>
                    {row.distanceMiles !== null && <div className="text-gray-700">{row.distanceMiles.toFixed(1)} miles away</div>}
                  </td>
                  <td className="p-2">{row.office.accessibility.join(', ') || 'Not reported'}</td>
                  <td className="p-2">{row.provider.acceptingNewPatients ? 'Yes' : 'No'}</td>
                  <td className="p-2 print:hidden">
                    <button type="button" className="underline" onClick={() => setReporting(row)} aria-label={`Report a mistake about ${row.provider.name}`}>
                      Report a mistake
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog row={reporting} onClose={() => setReporting(undefined)} />
        </Suspense>
      )}
    </section>
  )
}
