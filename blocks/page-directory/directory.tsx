import { DataTable, type DataColumn } from '#engine/table'
import { DataBoundary, useApiQuery } from '#engine/data'
import type { ProviderResults, ProviderSearch } from '#schemas/api/directory.ts'
import { providerSearchQuery } from '../kit/catalog/dentist-search.ts'
import { useDates } from '../kit/format/dates.ts'
import { formatPhone } from '../kit/format/phone.ts'
import { Button } from '../kit/ui/button.tsx'
import { AGES } from './csv.ts'
import type { DirectorySettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/**
 * The directory's providers, with its print, download and report buttons: a static part of the
 * page. Its buttons say what they do in `data-action` (and `data-provider`): the page, which
 * hydrates, handles their clicks (page-directory.tsx), so the server's HTML of this part stays.
 */
export default function ProviderDirectory({
  search,
  settings,
}: {
  search: ProviderSearch
  settings: DirectorySettings
}) {
  return (
    <DataBoundary title={settings.directory_title}>
      <Directory search={search} settings={settings} />
    </DataBoundary>
  )
}

function Directory({ search, settings }: { search: ProviderSearch; settings: DirectorySettings }) {
  const { data } = useApiQuery(providerSearchQuery(search))
  const updated = useDates().long(data.updatedAt)
  return (
    <section aria-labelledby="directory-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="directory-heading" className="text-2xl font-semibold">
            Providers
          </h2>
          <p role="status">{summary(data, updated, settings)}</p>
          {data.total > data.results.length && <p>{fillText(settings.first_only, { shown: data.results.length })}</p>}
        </div>
        <div className="flex gap-3 print:hidden">
          <Button variant="outline" data-action="print">
            {settings.print_button}
          </Button>
          <Button variant="primary" data-action="download" disabled={!data.results.length}>
            {settings.download_button}
          </Button>
        </div>
      </div>
      {data.results.length === 0 ? (
        <p>{settings.no_results}</p>
      ) : (
        <div
          role="region"
          aria-labelledby="directory-caption"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-gray-300 print:overflow-visible print:border-0"
        >
          <DataTable
            className="w-full border-collapse text-left text-sm print:text-[9pt]"
            caption={fillText(settings.caption, { updated })}
            captionId="directory-caption"
            columns={columns(settings)}
            rows={data.results}
            rowKey={(row) => row.provider.id}
            headClassName="bg-gray-100"
            rowClassName="border-t border-gray-300 align-top"
          />
        </div>
      )}
    </section>
  )
}

type Row = ProviderResults['results'][number]

/** “12 providers near 90210 (Beverly Hills, CA), nearest first. Last updated …”: what the list is, in words. */
function summary(data: Pick<ProviderResults, 'total' | 'origin'>, updated: string, settings: DirectorySettings) {
  const count = fillText(data.total === 1 ? settings.one_provider : settings.many_providers, { count: data.total })
  return data.origin
    ? fillText(settings.summary_near, { count, updated, ...data.origin })
    : fillText(settings.summary_all, { count, updated })
}

/** One provider a row, named by the provider; the last column's button reports a mistake (data-action). */
const columns = (settings: DirectorySettings): DataColumn<Row>[] =>
  (
    [
      {
        header: settings.column_provider,
        cell: (row) => (
          <>
            {row.provider.name}
            {row.provider.groupAffiliation && (
              <div className="font-normal text-gray-700">{row.provider.groupAffiliation}</div>
            )}
          </>
        ),
        rowHeader: true,
        cellClassName: 'font-semibold',
      },
      {
        header: settings.column_type,
        cell: (row) => (
          <>
            {row.provider.providerType}, {row.provider.specialty}
            <div className="text-gray-700">{AGES[row.provider.patientAges]}</div>
          </>
        ),
      },
      {
        header: settings.column_credentials,
        cell: (row) => (
          <>
            <div>NPI {row.provider.npi}</div>
            <div>License {row.provider.licenseNumber}</div>
            <div>
              {row.provider.boardCertification
                ? fillText(settings.board_certified, { certification: row.provider.boardCertification })
                : settings.not_board_certified}
            </div>
          </>
        ),
      },
      {
        header: settings.column_languages,
        cell: (row) => (
          <>
            <div>{row.provider.languages.join(', ')}</div>
            {row.office.staffLanguages.length > 0 && (
              <div className="text-gray-700">Staff: {row.office.staffLanguages.join(', ')}</div>
            )}
          </>
        ),
      },
      {
        header: settings.column_office,
        cell: (row) => (
          <>
            <div>{row.office.name}</div>
            <div>
              {row.office.address.line}, {row.office.address.city}, {row.office.address.state} {row.office.address.zip}
            </div>
            <div>{formatPhone(row.office.phone)}</div>
            {row.distanceMiles !== null && (
              <div className="text-gray-700">
                {fillText(settings.distance, { distance: row.distanceMiles.toFixed(1) })}
              </div>
            )}
          </>
        ),
      },
      { header: settings.column_accessibility, cell: (row) => row.office.accessibility.join(', ') || 'Not reported' },
      {
        header: settings.column_new_patients,
        cell: (row) => (row.provider.acceptingNewPatients ? 'Yes' : 'No'),
      },
      {
        header: <span className="sr-only">{settings.column_report}</span>,
        cell: (row) => (
          <Button
            variant="link"
            data-action="report"
            data-provider={row.provider.id}
            aria-label={fillText(settings.report_label, { provider: row.provider.name })}
          >
            {settings.report_button}
          </Button>
        ),
        className: 'p-2 print:hidden',
      },
    ] satisfies DataColumn<Row>[]
  ).map((column) => ({ className: 'p-2', headerClassName: 'font-semibold', ...column }))
