import { Fragment, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { ApiRequestError, Link } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { supportApi } from '#schemas/api/support.routes.ts'
import { DMHC, dmhcStatement } from '#schemas/dmhc.ts'
import {
  CONTROL,
  Field,
  focusFirstInvalid,
  FormAlert,
  SelectField,
  showServerError,
  TextAreaField,
  TextField,
  useZodForm,
} from '../kit/forms/form.tsx'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import { useKeptOnIdle } from '../kit/forms/keep-on-idle.ts'
import { ACCEPT, fileProblem, fileSize, readFile, type ChosenFile } from './attachments.ts'
import type { PageGrievanceProps } from './props.ts'
import { officesQuery } from './queries.ts'
import type { GrievanceSettings } from './settings.ts'
import { fillParts, fillText } from '#schemas/fill-text.ts'
import type { grievanceFormSchema, GrievanceFormOutput } from './form-schema.ts'
import { CATEGORIES, emptyGrievance, GRIEVANCE_FIELDS } from './form-values.ts'
import { longDate } from '../kit/format/dates.ts'
import { Button } from '../kit/ui/button.tsx'

/** The form's schema, and zod with it, load with its first check, not with the page. */
const grievanceForm = () => import('./form-schema.ts').then((module) => module.grievanceFormSchema)

type Step = 'form' | 'review' | 'done'
const STEPS: { step: Exclude<Step, 'done'>; title: 'form_step_title' | 'review_step_title' }[] = [
  { step: 'form', title: 'form_step_title' },
  { step: 'review', title: 'review_step_title' },
]

export default function PageGrievance({
  settings,
  groupKey,
  planName,
  planPhone,
  statusPath,
  email,
}: PageGrievanceProps) {
  const form = useZodForm(grievanceForm, emptyGrievance(email), { shouldFocusError: false })
  // An idle sign-out does not lose what was typed (the attached files are chosen again).
  useKeptOnIdle(form, 'grievance', email !== undefined)
  const [chosenStep, setStep] = useState<Exclude<Step, 'done'>>('form')
  const [files, setFiles] = useState<ChosenFile[]>([])
  const [fileError, setFileError] = useState<string>()
  const [reviewed, setReviewed] = useState<GrievanceFormOutput>()
  const [problem, setProblem] = useState<string>()
  const submission = useApiMutation(supportApi.grievance, {
    headers: useBotCheck('grievance'),
    onError: (error) => {
      // Back to the form, shown, so each problem is at its field and the first one takes the focus.
      flushSync(() => setStep('form'))
      const fileIssue =
        error instanceof ApiRequestError ? error.issues.find((issue) => issue.path[1] === 'attachments') : undefined
      if (fileIssue) setFileError(fileIssue.message)
      setProblem(showServerError(form, error, GRIEVANCE_FIELDS) ?? (fileIssue ? undefined : settings.correct_fields))
    },
  })
  const receipt = submission.data
  const sending = submission.isPending
  // Sent: the receipt is the last step (and its heading takes the focus once it is shown).
  const step: Step = receipt ? 'done' : chosenStep
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  // Each new step takes the focus to its heading (not on the first render).
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus()
    moved.current = true
  }, [step])

  const phone = planPhone ? formatPhone(planPhone) : settings.phone_fallback
  const review = form.handleSubmit(
    (values) => {
      setProblem(undefined)
      setReviewed(values)
      setStep('review')
    },
    // The representative's fields are nested: the first problem in reading order takes the focus.
    (errors, event) => focusFirstInvalid(event?.target instanceof HTMLFormElement ? event.target : null, errors),
  )
  const send = () => {
    if (!reviewed || sending) return
    setProblem(undefined)
    submission.mutate({
      body: { ...reviewed, attachments: files.map(({ name, type, dataBase64 }) => ({ name, type, dataBase64 })) },
    })
  }
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const chosen = Array.from(input.files ?? [])
    input.value = ''
    const problems: string[] = []
    const next = [...files]
    for (const file of chosen) {
      const wrong = fileProblem(file, next.length)
      if (wrong) problems.push(wrong)
      else next.push(await readFile(file))
    }
    setFiles(next)
    setFileError(problems.join(' ') || undefined)
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 text-body">
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{settings.heading}</h1>
        <p className="text-lg text-gray-700">{settings.intro}</p>
        <Link to={statusPath} className="self-start font-medium underline">
          {settings.status_link}
        </Link>
      </header>
      {step !== 'done' && (
        <ol aria-label="Steps" className="flex gap-4">
          {STEPS.map((item, index) => (
            <li
              key={item.step}
              aria-current={item.step === step ? 'step' : undefined}
              className={item.step === step ? 'font-semibold underline' : 'text-gray-700'}
            >
              {index + 1}. {settings[item.title]}
            </li>
          ))}
        </ol>
      )}
      {problem && step === 'form' && <FormAlert>{problem}</FormAlert>}

      <form
        noValidate
        hidden={step !== 'form'}
        onSubmit={(event) => void review(event)}
        aria-labelledby="grievance-step"
        className="flex flex-col gap-6"
      >
        <h2
          id="grievance-step"
          ref={step === 'form' ? stepHeading : undefined}
          tabIndex={-1}
          className="text-2xl font-semibold"
        >
          {fillText(settings.step_heading, { number: 1, heading: settings.form_step_title })}
        </h2>
        <Fieldset legend={settings.member_legend}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="name" label={settings.name_label} autoComplete="name" />
            <TextField
              form={form}
              name="memberNumber"
              label={settings.member_number_label}
              hint={settings.member_number_help}
            />
            <TextField
              form={form}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              hint={settings.email_help}
            />
            <TextField form={form} name="phone" label={settings.phone_label} type="tel" autoComplete="tel" />
          </div>
          <TextField form={form} name="patientName" label={settings.patient_label} hint={settings.patient_help} />
        </Fieldset>
        <Fieldset legend={settings.care_legend}>
          <div className="grid gap-4 sm:grid-cols-2">
            <DataBoundary title={settings.offices_title}>
              <OfficeSelect form={form} groupKey={groupKey} settings={settings} />
            </DataBoundary>
            <TextField
              form={form}
              name="dateOfService"
              label={settings.date_label}
              type="date"
              max={new Date().toISOString().slice(0, 10)}
            />
          </div>
          <SelectField form={form} name="category" label={settings.category_label} options={CATEGORIES} />
          <TextAreaField
            form={form}
            name="description"
            label={settings.description_label}
            hint={settings.description_help}
            rows={6}
          />
          <TextAreaField form={form} name="desiredResolution" label={settings.resolution_label} rows={3} />
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 size-5"
              aria-describedby="urgent-help"
              {...form.register('urgent')}
            />
            <span>
              <span className="font-medium">{settings.urgent_label}</span>
              <span id="urgent-help" className="block text-sm text-gray-700">
                {settings.urgent_help}
              </span>
            </span>
          </label>
        </Fieldset>
        <Representative form={form} settings={settings} />
        <Fieldset legend={settings.attachments_legend}>
          <Field label={settings.attachments_label} error={fileError} hint={settings.attachments_help}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="file"
                multiple
                accept={ACCEPT}
                onChange={(event) => void choose(event)}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className="text-body"
              />
            )}
          </Field>
          {files.length > 0 && (
            <ul aria-label={settings.attached_label} className="flex flex-col gap-2">
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`} className="flex items-center gap-3">
                  <span>
                    {file.name} ({fileSize(file.size)})
                  </span>
                  <Button variant="link" onClick={() => setFiles(files.filter((_file, other) => other !== index))}>
                    Remove {file.name}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Fieldset>
        <Button variant="primary" type="submit" className="self-start">
          {settings.review_button}
        </Button>
      </form>

      {step === 'review' && reviewed && (
        <section aria-labelledby="review-heading" className="flex flex-col gap-4">
          <h2 id="review-heading" ref={stepHeading} tabIndex={-1} className="text-2xl font-semibold">
            {fillText(settings.step_heading, { number: 2, heading: settings.review_heading })}
          </h2>
          <p>{settings.review_help}</p>
          <DataBoundary title={settings.offices_title}>
            <Review grievance={reviewed} files={files} groupKey={groupKey} notGiven={settings.not_given} />
          </DataBoundary>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => setStep('form')} disabled={sending}>
              Edit
            </Button>
            <Button variant="primary" onClick={send} disabled={sending} aria-busy={sending}>
              {sending ? 'Submitting…' : settings.submit_button}
            </Button>
          </div>
          <CaptchaNotice texts={settings} />
        </section>
      )}

      {step === 'done' && receipt && (
        <section aria-labelledby="done-heading" className="flex flex-col gap-4">
          <h2 id="done-heading" ref={stepHeading} tabIndex={-1} className="text-2xl font-semibold">
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
              acknowledge_by: <strong>{longDate(receipt.acknowledgeBy)}</strong>,
              resolve_days: receipt.resolveDays,
              urgent: receipt.urgent ? ` ${settings.urgent_mark}` : '',
              resolve_by: <strong>{longDate(receipt.resolveBy)}</strong>,
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
      )}

      <Statement phone={phone} planPhone={planPhone} planName={planName} />
    </div>
  )
}

type GrievanceForm = ReturnType<typeof useZodForm<typeof grievanceFormSchema>>

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

function OfficeSelect({
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

function Representative({ form, settings }: { form: GrievanceForm; settings: GrievanceSettings }) {
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

function Review({
  grievance,
  files,
  groupKey,
  notGiven,
}: {
  grievance: GrievanceFormOutput
  files: readonly ChosenFile[]
  groupKey: string
  notGiven: string
}) {
  const { data } = useApiQuery(officesQuery(groupKey))
  const office = data.offices.find((item) => item.id === grievance.officeId)
  const rows: [string, ReactNode][] = [
    ['Member name', grievance.name],
    ['Member number', grievance.memberNumber],
    ['Email', grievance.email],
    ['Phone', grievance.phone && formatPhone(grievance.phone)],
    ['Patient', grievance.patientName ?? 'The member'],
    ['Office', office && `${office.name}, ${office.address.city}`],
    ['Date of service', grievance.dateOfService],
    ['About', CATEGORIES.find((category) => category.value === grievance.category)?.label],
    ['What happened', grievance.description],
    ['Resolution wanted', grievance.desiredResolution],
    ['Urgent', grievance.urgent ? 'Yes' : 'No'],
    [
      'Representative',
      grievance.representative &&
        `${grievance.representative.name} (${grievance.representative.relationship}), authorised in writing`,
    ],
    ['Attachments', files.length ? files.map((file) => `${file.name} (${fileSize(file.size)})`).join(', ') : undefined],
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

/** H&S §1368.02(b): the department's statement, in bold, with its phone numbers and site as links. */
function Statement({ phone, planPhone, planName }: { phone: string; planPhone: string | undefined; planName: string }) {
  return (
    <section aria-labelledby="dmhc-heading" className="flex flex-col gap-2 rounded-lg border-2 border-gray-800 p-4">
      <h2 id="dmhc-heading" className="text-xl font-semibold">
        California Department of Managed Health Care
      </h2>
      <p className="font-bold">{dmhcStatement(phone)}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {planPhone && (
          <a href={phoneHref(planPhone)} className="underline">
            Call {planName}: {phone}
          </a>
        )}
        <a href={`tel:${DMHC.phone.replace(/\D/g, '')}`} className="underline">
          DMHC {DMHC.phone}
        </a>
        <a href={`tel:${DMHC.tdd.replace(/\D/g, '')}`} className="underline">
          TDD {DMHC.tdd}
        </a>
        <a href={`https://${DMHC.site}`} className="underline" rel="noopener noreferrer">
          {DMHC.site}
        </a>
      </p>
    </section>
  )
}
