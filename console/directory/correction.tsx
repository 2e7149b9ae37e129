import { useState, type SyntheticEvent } from 'react'
import { ApiRequestError } from '#engine'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffDirectoryReportsApi } from '#schemas/api/directory.console.routes.ts'
import type { DirectoryCorrection, StaffDirectoryReportDetail } from '#schemas/api/directory.ts'
import { control, messageOf, Outcome } from '../frame/form.tsx'
import { reportQuery } from './queries.ts'

type Report = StaffDirectoryReportDetail
export const list = (items: readonly string[]) => items.join(', ')

/** What the server said about a field of the body (`['body', ...path]`), if anything. */
export const issueAt = (error: unknown, ...path: string[]) =>
  error instanceof ApiRequestError
    ? error.issues.find((issue) => issue.path.slice(1).join('.') === path.join('.'))?.message
    : undefined

/** A form's text field, trimmed ('' when missing). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

const words = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** The fields a form changed: each compared with the record, only the changed ones sent. */
function changes(form: FormData, report: Report): DirectoryCorrection {
  const text = (name: string) => formText(form, name)
  const office: NonNullable<DirectoryCorrection['office']> = {}
  const { office: current, provider } = report
  if (text('office.name') !== current.name) office.name = text('office.name')
  if (text('office.phone') !== current.phone) office.phone = text('office.phone')
  const address = {
    line: text('office.address.line'),
    city: text('office.address.city'),
    state: text('office.address.state'),
    zip: text('office.address.zip'),
  }
  if (JSON.stringify(address) !== JSON.stringify(current.address)) office.address = address
  const accepting = text('office.acceptingNewPatients') === 'yes'
  if (accepting !== current.acceptingNewPatients) office.acceptingNewPatients = accepting
  if (list(words(text('office.staffLanguages'))) !== list(current.staffLanguages))
    office.staffLanguages = words(text('office.staffLanguages'))
  if (list(words(text('office.accessibility'))) !== list(current.accessibility))
    office.accessibility = words(text('office.accessibility'))
  const correction: DirectoryCorrection = { reason: text('reason') }
  if (Object.keys(office).length) correction.office = office
  if (provider) {
    const changed: NonNullable<DirectoryCorrection['provider']> = {}
    if (text('provider.name') !== provider.name) changed.name = text('provider.name')
    if (text('provider.specialty') !== provider.specialty) changed.specialty = text('provider.specialty')
    if (list(words(text('provider.languages'))) !== list(provider.languages))
      changed.languages = words(text('provider.languages'))
    const takes = text('provider.acceptingNewPatients') === 'yes'
    if (takes !== provider.acceptingNewPatients) changed.acceptingNewPatients = takes
    if (text('provider.npi') !== (provider.npi ?? '')) changed.npi = text('provider.npi')
    if (text('provider.licenseNumber') !== (provider.licenseNumber ?? ''))
      changed.licenseNumber = text('provider.licenseNumber')
    if (Object.keys(changed).length) correction.provider = changed
  }
  return correction
}

/** The correction: the record's §1367.27 fields as they are; what staff change is saved, with the reason. */
export function Correction({ report }: { report: Report }) {
  const [done, setDone] = useState<string>()
  const correct = useApiMutation(staffDirectoryReportsApi.correct, {
    input: (body: DirectoryCorrection) => ({ params: { id: report.id }, body }),
    onSuccess: (updated, _body, client) => {
      setApiData(client, reportQuery(report.id), updated)
      void invalidateApi(client, staffDirectoryReportsApi.reports)
      setDone('Corrected: the directory shows the new details from now on.')
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setDone(undefined)
    correct.mutate(changes(new FormData(event.currentTarget), report))
  }
  const { office, provider } = report
  const input = (name: string, label: string, value: string, hint?: string) => (
    <Field label={label} {...(hint ? { hint } : {})} error={issueAt(correct.error, ...name.split('.'))}>
      {(ids) => <input {...control(ids)} name={name} defaultValue={value} />}
    </Field>
  )
  const yesNoSelect = (name: string, label: string, value: boolean) => (
    <Field label={label}>
      {(ids) => (
        <select {...control(ids)} name={name} defaultValue={value ? 'yes' : 'no'}>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      )}
    </Field>
  )
  const separated = 'Separated by commas.'
  return (
    <Card as="section" padding="md" aria-labelledby="correction" className="flex flex-col gap-3">
      <h2 id="correction" className="text-lg font-semibold">
        Correct the record
      </h2>
      <form onSubmit={submit} noValidate aria-label="Correct the record" className="flex flex-col gap-4">
        {/* Saved: the fields start again from the record as it now is; the outcome below stays. */}
        <div key={office.updatedAt} className="flex flex-col gap-4">
          <fieldset className="grid gap-3 md:grid-cols-2">
            <legend className="mb-2 font-semibold">Office</legend>
            {input('office.name', 'Office name', office.name)}
            {input('office.phone', 'Office phone', office.phone)}
            {input('office.address.line', 'Street address', office.address.line)}
            {input('office.address.city', 'City', office.address.city)}
            {input('office.address.state', 'State', office.address.state)}
            {input('office.address.zip', 'ZIP code', office.address.zip)}
            {yesNoSelect('office.acceptingNewPatients', 'Office accepts new patients', office.acceptingNewPatients)}
            {input('office.staffLanguages', 'Staff languages', list(office.staffLanguages), separated)}
            {input('office.accessibility', 'Accessibility', list(office.accessibility), separated)}
          </fieldset>
          {provider && (
            <fieldset className="grid gap-3 md:grid-cols-2">
              <legend className="mb-2 font-semibold">Provider</legend>
              {input('provider.name', 'Provider name', provider.name)}
              {input('provider.specialty', 'Specialty', provider.specialty)}
              {input('provider.languages', 'Provider languages', list(provider.languages), separated)}
              {yesNoSelect(
                'provider.acceptingNewPatients',
                'Provider accepts new patients',
                provider.acceptingNewPatients,
              )}
              {input('provider.npi', 'NPI', provider.npi ?? '')}
              {input('provider.licenseNumber', 'Licence number', provider.licenseNumber ?? '')}
            </fieldset>
          )}
          <Field label="What the correction rests on" error={issueAt(correct.error, 'reason')}>
            {(ids) => <textarea {...control(ids)} name="reason" rows={2} required />}
          </Field>
        </div>
        <Outcome
          error={correct.error ? messageOf(correct.error, 'The correction was not saved. Try again.') : undefined}
          done={done}
        />
        <Button variant="primary" type="submit" className="self-start" disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save the correction'}
        </Button>
      </form>
    </Card>
  )
}
