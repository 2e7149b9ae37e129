import { Link } from '#engine'
import { DataBoundary } from '#engine/data'
import { DMHC, dmhcStatement } from '#schemas/dmhc.ts'
import { Field, FormAlert, SelectField, TextAreaField, TextField } from '../kit/forms/form.tsx'
import { formatPhone, phoneHref } from '../kit/format/phone.ts'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { ACCEPT, fileSize } from './attachments.ts'
import type { PageGrievanceProps } from './props.ts'
import type { GrievanceSettings } from './settings.ts'
import LanguageAssistance from '../kit/chrome/language-assistance.tsx'
import { fillText } from '#schemas/fill-text.ts'
import { categoryOptions } from './form-values.ts'
import { Button } from '../kit/ui/button.tsx'
import { Acknowledgement, Fieldset, OfficeSelect, Representative, Review } from './grievance-parts.tsx'
import { useGrievanceForm } from './use-grievance-form.ts'

const STEPS = [
  { step: 'form', title: 'form_step_title' },
  { step: 'review', title: 'review_step_title' },
] as const

/** The grievance form's view: its steps, state and submission are use-grievance-form.ts's. */
export default function PageGrievance({
  settings,
  groupKey,
  planName,
  planPhone,
  statusPath,
  languageAssistance,
  email,
}: PageGrievanceProps) {
  const { form, step, reviewed, files, fileError, problem, receipt, sending, stepHeading, ...act } = useGrievanceForm({
    email,
    correctFields: settings.correct_fields,
  })
  const phone = planPhone ? formatPhone(planPhone) : settings.phone_fallback

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
        onSubmit={(event) => void act.review(event)}
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
              label={settings.email_label}
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
          <SelectField
            form={form}
            name="category"
            label={settings.category_label}
            options={categoryOptions(settings)}
          />
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
                onChange={(event) => void act.choose(event)}
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
                  <Button variant="link" onClick={() => act.remove(index)}>
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
            <Review grievance={reviewed} files={files} groupKey={groupKey} settings={settings} />
          </DataBoundary>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={act.edit} disabled={sending}>
              Edit
            </Button>
            <Button variant="primary" onClick={act.send} disabled={sending} aria-busy={sending}>
              {sending ? settings.submitting : settings.submit_button}
            </Button>
          </div>
          <CaptchaNotice texts={settings} />
        </section>
      )}

      {step === 'done' && receipt && (
        <Acknowledgement receipt={receipt} settings={settings} statusPath={statusPath} headingRef={stepHeading} />
      )}

      <Statement phone={phone} planPhone={planPhone} planName={planName} settings={settings} />
      {languageAssistance && (
        <LanguageAssistance
          assistance={languageAssistance}
          phone={planPhone}
          fallback={settings.phone_fallback}
          className="rounded-lg border border-gray-300 p-4"
        />
      )}
    </div>
  )
}

/** H&S §1368.02(b): the department's statement, in bold, with its phone numbers and site as links. */
function Statement({
  phone,
  planPhone,
  planName,
  settings,
}: {
  phone: string
  planPhone: string | undefined
  planName: string
  settings: GrievanceSettings
}) {
  return (
    <section aria-labelledby="dmhc-heading" className="flex flex-col gap-2 rounded-lg border-2 border-gray-800 p-4">
      <h2 id="dmhc-heading" className="text-xl font-semibold">
        {settings.dmhc_heading}
      </h2>
      <p className="font-bold">{dmhcStatement(phone, settings.dmhc_statement)}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {planPhone && (
          <a href={phoneHref(planPhone)} className="underline">
            {fillText(settings.dmhc_call_plan, { plan: planName, phone })}
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
