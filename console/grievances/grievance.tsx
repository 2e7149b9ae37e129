import type { QueryClient, UseMutationResult } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffGrievancesApi } from '#schemas/api/grievances.console.routes.ts'
import type { StaffGrievanceDetail } from '#schemas/api/grievances.ts'
import { contractUrl } from '#schemas/engine/contract.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf, Outcome } from '../frame/form.tsx'
import { day, Facts, LoadFailed, moment, NotFound, PageTitle, RecordPart } from '../frame/page.tsx'
import { CATEGORY_LABELS, clockText, Flags, STATUS_LABELS } from './labels.tsx'
import { grievanceQuery } from './queries.ts'

const EVENT_LABELS: Record<StaffGrievanceDetail['history'][number]['kind'], string> = {
  acknowledged: 'Acknowledged',
  note: 'Internal note',
  resolved: 'Resolved',
  closed: 'Closed',
  reopened: 'Reopened',
}
const RESPONSE_LABELS: Record<StaffGrievanceDetail['responses'][number]['kind'], string> = {
  acknowledgement: 'Acknowledgement',
  update: 'Update',
  resolution: 'Resolution',
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`

/** One grievance: everything filed, its clocks, the member's record, what was sent, its history, and what staff can do next. */
export default function GrievanceDetail() {
  const id = Number(useParams().id)
  const grievance = useScreenQuery(grievanceQuery(id), { enabled: Number.isInteger(id) && id > 0 })
  if (!Number.isInteger(id) || id <= 0) return <NotFound />
  if (grievance.isPending) return <p>Loading the grievance…</p>
  if (grievance.error) {
    if (grievance.error instanceof ApiRequestError && grievance.error.status === 404) return <NotFound />
    return <LoadFailed what="The grievance" error={grievance.error} onRetry={() => void grievance.refetch()} />
  }
  const g = grievance.data
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link className="cs-link" to="/grievances">
          All grievances
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <PageTitle>Grievance {g.reference}</PageTitle>
        <p className="flex flex-wrap items-center gap-2">
          <span>
            Status: <strong>{STATUS_LABELS[g.status]}</strong>
          </span>
          <Flags urgent={g.urgent} overdue={g.overdue} />
        </p>
      </header>

      <RecordPart title="Deadlines">
        <Facts
          facts={[
            ['Filed', moment(g.filedAt)],
            ['Acknowledge by', `${day(g.acknowledge.by)}: ${clockText(g.acknowledge)}`],
            ['Resolve by', `${day(g.resolve.by)}: ${clockText(g.resolve)}`],
          ]}
        />
      </RecordPart>

      <RecordPart title="What was filed">
        <Facts
          facts={[
            ['Filed by', g.name],
            ['Email', g.email],
            ['Phone', g.phone],
            ['Member number', g.memberNumber],
            ['Patient', g.patientName],
            ['Category', CATEGORY_LABELS[g.category]],
            ['Office', g.office],
            ['Date of service', g.dateOfService ? day(g.dateOfService) : null],
            [
              'Representative',
              g.representative
                ? `${g.representative.name} (${g.representative.relationship}${g.representative.phone ? `, ${g.representative.phone}` : ''})`
                : null,
            ],
          ]}
        />
        {g.memberId !== null ? (
          <p>
            <Link className="cs-link" to={`/members/${g.memberId}`}>
              Open the member&rsquo;s record
            </Link>
          </p>
        ) : (
          <p>Not linked to a member&rsquo;s account{g.memberNumber ? ' (no member has that number)' : ''}.</p>
        )}
        <h3 className="mt-4 font-semibold">What happened</h3>
        <p className="whitespace-pre-line">{g.description}</p>
        <h3 className="mt-4 font-semibold">What the member asks for</h3>
        <p className="whitespace-pre-line">{g.desiredResolution}</p>
        <h3 className="mt-4 font-semibold">Attachments</h3>
        {g.attachments.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="ml-5 list-disc">
            {g.attachments.map((file, index) => (
              <li key={index}>
                {/* A download through its authorised route (an attachment, never shown in this page). */}
                <a
                  className="cs-link"
                  href={contractUrl(staffGrievancesApi.grievanceAttachment, { params: { id: g.id, index } })}
                  download={file.name}
                >
                  {file.name}
                </a>{' '}
                ({file.contentType}, {kilobytes(file.size)})
              </li>
            ))}
          </ul>
        )}
      </RecordPart>

      <RecordPart title="Sent to the member">
        {g.responses.length === 0 ? (
          <p>Nothing yet.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {g.responses.map((response) => (
              <li key={`${response.kind}-${response.sentAt}`} className="rounded border border-slate-200 p-3">
                <p className="text-sm font-semibold">
                  {RESPONSE_LABELS[response.kind]}, {moment(response.sentAt)}
                </p>
                <p className="whitespace-pre-line">{response.body}</p>
              </li>
            ))}
          </ol>
        )}
      </RecordPart>

      <RecordPart title="History">
        {g.history.length === 0 ? (
          <p>No action taken yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {g.history.map((event) => (
              <li key={`${event.kind}-${event.at}`} className="rounded border border-slate-200 p-3">
                <p className="text-sm font-semibold">
                  {EVENT_LABELS[event.kind]}, {moment(event.at)}, by {event.actor ?? 'a removed account'}
                </p>
                {event.text && <p className="whitespace-pre-line">{event.text}</p>}
              </li>
            ))}
          </ol>
        )}
      </RecordPart>

      <Actions grievance={g} />
    </article>
  )
}

type ActionKind = 'acknowledge' | 'note' | 'resolve' | 'close' | 'reopen'
/** What an action did: the grievance as it is now, for the screen to show. */
type Done = (updated: StaffGrievanceDetail, client: QueryClient) => void
interface ActionSpec {
  title: string
  field: { name: string; label: string; hint?: string; required: boolean }
  button: string
  done: string
  /** The action's mutation on grievance `id`: `mutate` takes the field's text. */
  useSend: (id: number, done: Done) => UseMutationResult<StaffGrievanceDetail, Error, string>
}

const ACTIONS: Record<ActionKind, ActionSpec> = {
  acknowledge: {
    title: 'Acknowledge',
    field: { name: 'reason', label: 'Note for the history (optional)', required: false },
    button: 'Acknowledge and mail the member',
    done: 'Acknowledged: the member has been mailed.',
    useSend: (id, done) =>
      useApiMutation(staffGrievancesApi.acknowledgeGrievance, {
        input: (reason: string) => ({ params: { id }, body: reason ? { reason } : {} }),
        onSuccess: (updated, _reason, client) => done(updated, client),
      }),
  },
  resolve: {
    title: 'Resolve',
    field: {
      name: 'resolution',
      label: 'Resolution',
      hint: 'The member reads this in the mail and in their grievances.',
      required: true,
    },
    button: 'Resolve and send to the member',
    done: 'Resolved: the member has been sent the resolution.',
    useSend: (id, done) =>
      useApiMutation(staffGrievancesApi.resolveGrievance, {
        input: (resolution: string) => ({ params: { id }, body: { resolution } }),
        onSuccess: (updated, _resolution, client) => done(updated, client),
      }),
  },
  close: {
    title: 'Close',
    field: { name: 'reason', label: 'Note for the history (optional)', required: false },
    button: 'Close the grievance',
    done: 'Closed.',
    useSend: (id, done) =>
      useApiMutation(staffGrievancesApi.closeGrievance, {
        input: (reason: string) => ({ params: { id }, body: reason ? { reason } : {} }),
        onSuccess: (updated, _reason, client) => done(updated, client),
      }),
  },
  reopen: {
    title: 'Reopen',
    field: { name: 'reason', label: 'Why it is reopened', required: true },
    button: 'Reopen',
    done: 'Reopened: it is open again.',
    useSend: (id, done) =>
      useApiMutation(staffGrievancesApi.reopenGrievance, {
        input: (reason: string) => ({ params: { id }, body: { reason } }),
        onSuccess: (updated, _reason, client) => done(updated, client),
      }),
  },
  note: {
    title: 'Internal note',
    field: { name: 'text', label: 'Note', hint: 'Kept in the history; never shown to the member.', required: true },
    button: 'Add the note',
    done: 'Note added.',
    useSend: (id, done) =>
      useApiMutation(staffGrievancesApi.noteGrievance, {
        input: (text: string) => ({ params: { id }, body: { text } }),
        onSuccess: (updated, _text, client) => done(updated, client),
      }),
  },
}

/** What each status allows (server/features/grievances/staff-grievances.ts refuses the rest with a 409). */
const NEXT: Record<StaffGrievanceDetail['status'], ActionKind[]> = {
  received: ['acknowledge', 'resolve', 'note'],
  acknowledged: ['resolve', 'note'],
  resolved: ['close', 'reopen', 'note'],
  closed: ['reopen', 'note'],
}

function Actions({ grievance }: { grievance: StaffGrievanceDetail }) {
  const [done, setDone] = useState<string>()
  return (
    <Card as="section" padding="md" aria-labelledby="grievance-actions" className="flex flex-col gap-4">
      <h2 id="grievance-actions" className="text-lg font-semibold">
        Actions
      </h2>
      <Outcome done={done} />
      <div className="grid gap-4 md:grid-cols-2">
        {NEXT[grievance.status].map((kind) => (
          <ActionForm key={`${kind}-${grievance.status}`} id={grievance.id} spec={ACTIONS[kind]} onDone={setDone} />
        ))}
      </div>
    </Card>
  )
}

function ActionForm({ id, spec, onDone }: { id: number; spec: ActionSpec; onDone: (message: string) => void }) {
  // The grievance as it now is, on screen; the inbox reads again.
  const action = spec.useSend(id, (updated, client) => {
    setApiData(client, grievanceQuery(id), updated)
    void invalidateApi(client, staffGrievancesApi.grievances)
    onDone(spec.done)
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get(spec.field.name)
    action.mutate(typeof value === 'string' ? value.trim() : '')
  }
  const issue = fieldIssue(action.error, spec.field.name)
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={spec.title}
      className="flex flex-col gap-2 rounded border border-slate-200 p-3"
    >
      <h3 className="font-semibold">{spec.title}</h3>
      <Field label={spec.field.label} hint={spec.field.hint} error={issue}>
        {(ids) => <textarea {...control(ids)} name={spec.field.name} rows={3} required={spec.field.required} />}
      </Field>
      <Outcome error={action.error && !issue ? messageOf(action.error, 'That did not work. Try again.') : undefined} />
      <Button variant="primary" type="submit" className="self-start" disabled={action.isPending}>
        {action.isPending ? 'Saving…' : spec.button}
      </Button>
    </form>
  )
}
