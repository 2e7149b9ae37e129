// The grievance form's parts: its fieldsets, the office list, the representative, the review and
// the acknowledgement (page-grievance.tsx lays them out, beside the department's statement).
import { Fragment, type ReactNode, type Ref } from 'react'
import { Link } from '#engine'
import { useApiQuery } from '#engine/data'
import type { GrievanceReceipt } from '#schemas/api/grievances.ts'
import { fillParts, fillText } from '#schemas/fill-text.ts'
import { CONTROL, Field, FormAlert, TextField, type useZodForm } from '../kit/forms/form.tsx'
import { useDates } from '../kit/format/dates.ts'
import { formatPhone } from '../kit/format/phone.ts'
import { Button } from '../kit/ui/button.tsx'
import { fileSize, type ChosenFile } from './attachments.ts'
import type { grievanceFormSchema, GrievanceFormOutput } from './form-schema.ts'
import { categoryOptions } from './form-values.ts'
import { officesQuery } from './queries.ts'
import type { GrievanceSettings } from './settings.ts'

type GrievanceForm = ReturnType<typeof useZodForm<typeof grievanceFormSchema>>

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

export function OfficeSelect({
  form,
  groupKey,
  settings,
}: {
  form: GrievanceForm
  groupKey: string
  settings: GrievanceSettings
}) {
  const { data } = useApiQuery(officesQuery(groupKey))
  const states = [...new Set(data.offices.map((office) => office.address.state))]
  const error = form.getFieldState('officeId', form.formState).error?.message
  return (
    <Field label={settings.office_label} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={CONTROL}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...form.register('officeId')}
        >
          <option value="">{settings.no_office_option}</option>
          {states.map((state) => (
            <optgroup key={state} label={state}>
              {data.offices
                .filter((office) => office.address.state === state)
                .map((office) => (
                  <option key={office.id} value={office.id}>
                    {office.name}, {office.address.city}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  )
}

export function Representative({ form, settings }: { form: GrievanceForm; settings: GrievanceSettings }) {
  const filing = form.watch('hasRepresentative')
  const authorizedError = form.getFieldState('representative.authorized', form.formState).error?.message
  return (
    <Fieldset legend={settings.representative_legend}>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-5" {...form.register('hasRepresentative')} />
        <span className="font-medium">{settings.representative_label}</span>
      </label>
      {filing && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="representative.name"
              label={settings.representative_name_label}
              autoComplete="name"
            />
            <TextField
              form={form}
              name="representative.relationship"
              label={settings.representative_relationship_label}
              hint={settings.representative_relationship_help}
            />
            <TextField form={form} name="representative.phone" label={settings.representative_phone_label} type="tel" />
          </div>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 size-5"
              aria-invalid={Boolean(authorizedError)}
              aria-describedby={authorizedError ? 'authorized-error' : undefined}
              {...form.register('representative.authorized')}
            />
            <span>{settings.representative_authorized_label}</span>
          </label>
          {authorizedError && (
            <p id="authorized-error" className="text-sm font-medium text-red-700">
              {authorizedError}
            </p>
          )}
        </>
      )}
    </Fieldset>
  )
}

export function Review({
  grievance,
  files,
  groupKey,
  settings,
}: {
  grievance: GrievanceFormOutput
  files: readonly ChosenFile[]
  groupKey: string
  settings: GrievanceSettings
}) {
  const notGiven = settings.not_given
  const { data } = useApiQuery(officesQuery(groupKey))
  const office = data.offices.find((item) => item.id === grievance.officeId)
  const rows: [string, ReactNode][] = [
    [settings.review_name, grievance.name],
    [settings.review_member_number, grievance.memberNumber],
    [settings.review_email, grievance.email],
    [settings.review_phone, grievance.phone && formatPhone(grievance.phone)],
    [settings.review_patient, grievance.patientName ?? settings.review_patient_member],
    [settings.review_office, office && `${office.name}, ${office.address.city}`],
    [settings.review_date, grievance.dateOfService],
    [
      settings.review_category,
      categoryOptions(settings).find((category) => category.value === grievance.category)?.label,
    ],
    [settings.review_description, grievance.description],
    [settings.review_resolution, grievance.desiredResolution],
    [settings.review_urgent, grievance.urgent ? settings.review_yes : settings.review_no],
    [
      settings.review_representative,
      grievance.representative &&
        fillText(settings.review_representative_value, {
          name: grievance.representative.name,
          relationship: grievance.representative.relationship,
        }),
    ],
    [
      settings.review_attachments,
      files.length ? files.map((file) => `${file.name} (${fileSize(file.size)})`).join(', ') : undefined,
    ],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-gray-300 p-4 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="whitespace-pre-wrap break-words">{value || notGiven}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The last step: the reference, the time limits the law sets, and where to follow the grievance. */
export function Acknowledgement({
  receipt,
  settings,
  statusPath,
  headingRef,
}: {
  receipt: GrievanceReceipt
  settings: GrievanceSettings
  statusPath: string
  /** The step's heading takes the focus as the step is shown. */
  headingRef: Ref<HTMLHeadingElement>
}) {
  const dates = useDates()
  return (
    <section aria-labelledby="done-heading" className="flex flex-col gap-4">
      <h2 id="done-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold">
        {settings.done_heading}
      </h2>
      <FormAlert tone="success">
        <p>
          {settings.reference_line} <strong className="text-xl">{receipt.reference}</strong>.
        </p>
      </FormAlert>
      <p>
        {fillParts(settings.time_limits, {
          acknowledge_days: receipt.acknowledgeDays,
          acknowledge_by: <strong>{dates.long(receipt.acknowledgeBy)}</strong>,
          resolve_days: receipt.resolveDays,
          urgent: receipt.urgent ? ` ${settings.urgent_mark}` : '',
          resolve_by: <strong>{dates.long(receipt.resolveBy)}</strong>,
        }).map((part, index) => (
          <Fragment key={index}>{part}</Fragment>
        ))}
      </p>
      <p>{receipt.message}</p>
      <p>
        {settings.status_help}{' '}
        <Link to={statusPath} className="font-medium underline">
          {settings.status_link}
        </Link>
      </p>
      <Button variant="outline" className="self-start" onClick={() => window.print()}>
        {settings.print_button}
      </Button>
    </section>
  )
}
