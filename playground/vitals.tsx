import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  rateVital,
  VITAL_THRESHOLDS,
  type VitalName,
  type VitalRating,
  type VitalsSummary,
} from '#schemas/engine/monitoring.ts'
import { DataTable, type DataColumn } from '#engine/table'
import { api } from './api.ts'
import { CspReports } from './csp-reports.tsx'
import { PlaygroundHeader } from './header.tsx'

const DAYS = [1, 7, 28, 90] as const
const CORE: readonly VitalName[] = ['LCP', 'INP', 'CLS']
const NAMES: Record<VitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
}
const RATING: Record<VitalRating, { label: string; className: string }> = {
  good: { label: 'Good', className: 'bg-green-100 text-green-950' },
  'needs-improvement': { label: 'Needs improvement', className: 'bg-amber-100 text-amber-950' },
  poor: { label: 'Poor', className: 'bg-red-100 text-red-950' },
}

/** A vital as people read it: seconds for paints, milliseconds for INP and TTFB, no unit for CLS. */
export function formatVital(name: VitalName, value: number | null): string {
  if (value === null) return '–'
  if (name === 'CLS') return value.toFixed(2)
  if (name === 'LCP' || name === 'FCP') return `${(value / 1000).toFixed(2)} s`
  return `${Math.round(value)} ms`
}

/** One page a row, named by its path: its views, then the 75th percentile of each core vital, rated. */
const PAGE_COLUMNS: DataColumn<VitalsSummary['pages'][number]>[] = [
  {
    header: 'Page',
    cell: (page) => page.path,
    rowHeader: true,
    className: 'p-2',
    cellClassName: 'font-mono font-normal',
  },
  { header: 'Views', cell: (page) => page.views, className: 'p-2' },
  { header: 'LCP', cell: (page) => <Rated name="LCP" value={page.lcp} />, className: 'p-2' },
  { header: 'INP', cell: (page) => <Rated name="INP" value={page.inp} />, className: 'p-2' },
  { header: 'CLS', cell: (page) => <Rated name="CLS" value={page.cls} />, className: 'p-2' },
]

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`)

function Rated({ name, value }: { name: VitalName; value: number | null }) {
  if (value === null) return <span>–</span>
  const rating = RATING[rateVital(name, value)]
  return (
    <span className={`rounded px-1.5 py-0.5 ${rating.className}`}>
      {formatVital(name, value)} <span className="sr-only">({rating.label})</span>
    </span>
  )
}

function VitalCard({ vital }: { vital: VitalsSummary['vitals'][number] }) {
  const [good, poor] = VITAL_THRESHOLDS[vital.name]
  const { ratings, count } = vital
  return (
    <section
      aria-labelledby={`vital-${vital.name}`}
      className="rounded-lg border border-slate-300 bg-white p-4"
      data-vital={vital.name}
    >
      <h2 id={`vital-${vital.name}`} className="font-semibold">
        {NAMES[vital.name]} ({vital.name})
      </h2>
      <p className="mt-2 text-2xl">
        <Rated name={vital.name} value={vital.p75} />
      </p>
      <p className="text-sm text-slate-700">
        75th percentile of {count} {count === 1 ? 'visit' : 'visits'}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt>Good (≤ {formatVital(vital.name, good)})</dt>
        <dd>{percent(ratings.good, count)}</dd>
        <dt>Needs improvement</dt>
        <dd>{percent(ratings.needsImprovement, count)}</dd>
        <dt>Poor (&gt; {formatVital(vital.name, poor)})</dt>
        <dd>{percent(ratings.poor, count)}</dd>
      </dl>
    </section>
  )
}

/** The Core Web Vitals of real visits to this tenant's site, from the monitoring collector. */
export function Vitals({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const [days, setDays] = useState<number>(7)
  const summary = useQuery({ queryKey: ['vitals', days], queryFn: () => api.vitals(days) })
  const data = summary.data
  return (
    <div className="min-h-screen bg-slate-50">
      <PlaygroundHeader title="Real-user vitals" email={email} onSignOut={onSignOut}>
        <a className="pg-button-dark" href="/playground">
          Content editor
        </a>
      </PlaygroundHeader>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Period
            <select
              className="rounded border border-slate-400 px-2 py-1.5 font-normal"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {DAYS.map((value) => (
                <option key={value} value={value}>
                  {value === 1 ? 'Last 24 hours' : `Last ${value} days`}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="pg-button" onClick={() => void summary.refetch()}>
            Refresh
          </button>
          {data && (
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.sessions} {data.sessions === 1 ? 'session' : 'sessions'}, {data.views}{' '}
              {data.views === 1 ? 'page view' : 'page views'}
            </p>
          )}
        </div>
        {summary.isPending && <p>Loading…</p>}
        {summary.error && (
          <p role="alert" className="rounded bg-red-50 p-2 text-red-900">
            The vitals could not be loaded: {summary.error.message}
          </p>
        )}
        {data && !data.configured && (
          <p role="status" className="rounded bg-sky-100 p-3 text-sky-950">
            Monitoring is off on this server: set RUM_CLIENT_TOKEN (see .env.example) to collect the vitals of real
            visits.
          </p>
        )}
        {data && (
          <>
            <div className="grid gap-4 md:grid-cols-3">
              {data.vitals
                .filter((vital) => CORE.includes(vital.name))
                .map((vital) => (
                  <VitalCard key={vital.name} vital={vital} />
                ))}
            </div>
            <DataTable
              className="w-full border-collapse bg-white text-left text-sm"
              caption="Pages (75th percentile of the visits that landed on them)"
              captionClassName="mb-2 text-left font-semibold"
              columns={PAGE_COLUMNS}
              rows={data.pages}
              rowKey={(page) => page.path}
              headRowClassName="border-b"
              rowClassName="border-b border-slate-100"
              empty="No visits in this period."
            />
            <p className="text-sm text-slate-700">
              Also measured:{' '}
              {data.vitals
                .filter((vital) => !CORE.includes(vital.name))
                .map((vital) => `${NAMES[vital.name]} ${formatVital(vital.name, vital.p75)}`)
                .join(', ')}
              .
            </p>
          </>
        )}
        <CspReports days={days} />
      </main>
    </div>
  )
}
