import type { QueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { staffDirectoryReportsApi } from '#schemas/api/directory.console.routes.ts'
import type { StaffDirectoryReportDetail } from '#schemas/api/directory.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, messageOf, Outcome } from '../frame/form.tsx'
import { day, Facts, LoadFailed, moment, NotFound, PageTitle, RecordPart } from '../frame/page.tsx'
import { Correction, formText, issueAt, list } from './correction.tsx'
import { dueText, REPORT_FIELD_LABELS, REPORT_STATUS_LABELS } from './labels.ts'
import { reportQuery } from './queries.ts'

type Report = StaffDirectoryReportDetail
const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** A directory report: what was reported, the record it is about, its correction, its closing, and its history. */
export default function DirectoryReportDetail() {
  const id = Number(useParams().id)
  const report = useScreenQuery(reportQuery(id), { enabled: Number.isInteger(id) && id > 0 })
  if (!Number.isInteger(id) || id <= 0) return <NotFound />
  if (report.isPending) return <p>Loading the report…</p>
  if (report.error) {
    if (report.error instanceof ApiRequestError && report.error.status === 404) return <NotFound />
    return <LoadFailed what="The report" error={report.error} onRetry={() => void report.refetch()} />
  }
  const r = report.data
  const { office, provider } = r
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link className="cs-link" to="/directory-reports">
          All directory reports
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <PageTitle>Directory report {r.reference}</PageTitle>
        <p>
          Status: <strong>{REPORT_STATUS_LABELS[r.status]}</strong>. Correct by {day(r.due.by)}: {dueText(r.due)}.
        </p>
      </header>

      <RecordPart title="What was reported">
        <Facts
          empty="None"
          facts={[
            ['Filed', moment(r.filedAt)],
            ['About', r.about],
            ['Reported as wrong', REPORT_FIELD_LABELS[r.field]],
            ['Reported by', r.name ? `${r.name} (${r.email})` : r.email],
          ]}
        />
        <p className="mt-3 whitespace-pre-line">{r.details}</p>
      </RecordPart>

      <RecordPart title="The directory record">
        <h3 className="font-semibold">Office: {office.name}</h3>
        <Facts
          empty="None"
          facts={[
            [
              'Address',
              `${office.address.line}, ${office.address.city}, ${office.address.state} ${office.address.zip}`,
            ],
            ['Phone', office.phone],
            ['Hours', office.hours.map((hours) => `${hours.day} ${hours.opens}–${hours.closes}`).join(', ')],
            ['Accepting new patients', yesNo(office.acceptingNewPatients)],
            ['Staff languages', list(office.staffLanguages)],
            ['Accessibility', list(office.accessibility)],
            ['Last updated', moment(office.updatedAt)],
          ]}
        />
        {provider && (
          <>
            <h3 className="mt-4 font-semibold">Provider: {provider.name}</h3>
            <Facts
              empty="None"
              facts={[
                ['Type', provider.providerType],
                ['Specialty', provider.specialty],
                ['Languages', list(provider.languages)],
                ['Accepting new patients', yesNo(provider.acceptingNewPatients)],
                ['NPI', provider.npi ?? 'Not on file'],
                ['Licence number', provider.licenseNumber ?? 'Not on file'],
                ['Listed in the directory', yesNo(provider.listed)],
                ['Last updated', moment(provider.updatedAt)],
              ]}
            />
          </>
        )}
      </RecordPart>

      {r.status === 'open' && <Correction report={r} />}
      {r.status === 'open' && <Closing report={r} />}

      <RecordPart title="History">
        {r.history.length === 0 ? (
          <p>No action taken yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {r.history.map((event) => (
              <li key={`${event.kind}-${event.at}`} className="rounded border border-slate-200 p-3">
                <p className="text-sm font-semibold">
                  {event.kind === 'corrected' ? 'Corrected' : REPORT_STATUS_LABELS[event.kind]}, {moment(event.at)}, by{' '}
                  {event.actor ?? 'a removed account'}
                </p>
                <p className="whitespace-pre-line">{event.text}</p>
              </li>
            ))}
          </ol>
        )}
      </RecordPart>
    </article>
  )
}

/** Closing the report: verified or not confirmed, with the note the reporter reads. */
function Closing({ report }: { report: Report }) {
  // Verified and not confirmed are two contracts of one shape: the outcome chooses which is sent.
  const onSuccess = (updated: Report, _sent: unknown, client: QueryClient) => {
    setApiData(client, reportQuery(report.id), updated)
    void invalidateApi(client, staffDirectoryReportsApi.reports)
  }
  const verify = useApiMutation(staffDirectoryReportsApi.verify, { onSuccess })
  const notConfirm = useApiMutation(staffDirectoryReportsApi.notConfirmed, { onSuccess })
  const [outcome, setOutcome] = useState<'verified' | 'not-confirmed'>('verified')
  const close = outcome === 'verified' ? verify : notConfirm
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const chosen = form.get('outcome') === 'not-confirmed' ? 'not-confirmed' : 'verified'
    const sent = { params: { id: report.id }, body: { note: formText(form, 'note') } }
    setOutcome(chosen)
    // The form shows the chosen outcome's state only: the other's is cleared.
    if (chosen === 'verified') {
      notConfirm.reset()
      verify.mutate(sent)
    } else {
      verify.reset()
      notConfirm.mutate(sent)
    }
  }
  return (
    <RecordPart title="Close the report">
      <form onSubmit={submit} noValidate aria-label="Close the report" className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">Outcome</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="outcome" value="verified" defaultChecked /> Verified: the directory was wrong
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="outcome" value="not-confirmed" /> Not confirmed: the directory was right
          </label>
        </fieldset>
        <Field
          label="Note to the reporter"
          hint={`Mailed to ${report.email} with the outcome.`}
          error={issueAt(close.error, 'note')}
        >
          {(ids) => <textarea {...control(ids)} name="note" rows={3} required />}
        </Field>
        <Outcome error={close.error ? messageOf(close.error, 'The report was not closed. Try again.') : undefined} />
        <Button variant="primary" type="submit" className="self-start" disabled={close.isPending}>
          {close.isPending ? 'Saving…' : 'Close and mail the reporter'}
        </Button>
      </form>
    </RecordPart>
  )
}
