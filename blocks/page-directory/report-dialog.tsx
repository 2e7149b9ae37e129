import { useState } from 'react'
import { Dialog } from '#engine/dialog'
import { useApiMutation } from '#engine/mutation'
import type { DirectoryReport } from '#schemas/api/directory.ts'
import { catalogApi } from '#schemas/api/directory.routes.ts'
import { FormAlert, SelectField, showServerError, TextAreaField, TextField, useZodForm } from '../kit/forms/form.tsx'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import { Button } from '../kit/ui/button.tsx'
import type { DirectoryRow } from './csv.ts'
import type { DirectorySettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** The report's schema (the API's, and zod) loads with the form's first check. */
const reportForm = () => import('#schemas/api/directory.ts').then((module) => module.directoryReportSchema)

const FIELDS = ['field', 'details', 'name', 'email', 'providerId', 'officeId'] as const
/** What may be wrong: the API's values, in this order, each named by its setting. */
const WHAT = [
  ['name', 'report_field_name'],
  ['address-or-phone', 'report_field_address'],
  ['specialty', 'report_field_specialty'],
  ['accepting-new-patients', 'report_field_accepting'],
  ['languages', 'report_field_languages'],
  ['accessibility', 'report_field_accessibility'],
  ['licence-or-npi', 'report_field_licence'],
  ['other', 'report_field_other'],
] as const satisfies readonly (readonly [DirectoryReport['field'], keyof DirectorySettings])[]

/** Reports a mistake in one provider's entry: what is wrong and how to reach the reporter; answered with a reference. */
export function ReportDialog({
  row,
  settings,
  onClose,
}: {
  row: DirectoryRow
  settings: DirectorySettings
  onClose: () => void
}) {
  const form = useZodForm(reportForm, {
    providerId: row.provider.id,
    officeId: row.office.id,
    field: 'name',
    details: '',
    name: '',
    email: '',
  })
  const [problem, setProblem] = useState<string>()
  const report = useApiMutation(catalogApi.reportDirectoryError, {
    headers: useBotCheck('directory_report'),
    onError: (error) => setProblem(showServerError(form, error, FIELDS)),
  })
  const receipt = report.data
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    report.mutate({ body: { ...body, name: body.name || undefined } })
  })
  const busy = form.formState.isSubmitting || report.isPending
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={fillText(settings.report_title, { provider: row.provider.name })}
      width="small"
      error={problem}
      loading={busy}
      footer={
        receipt ? (
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form="directory-report" disabled={busy}>
              {settings.report_send}
            </Button>
          </>
        )
      }
    >
      {receipt ? (
        <FormAlert tone="success">
          <p className="font-semibold">{fillText(settings.report_received, { reference: receipt.reference })}</p>
          <p>{receipt.message}</p>
        </FormAlert>
      ) : (
        <form
          id="directory-report"
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
          aria-label={fillText(settings.report_label, { provider: row.provider.name })}
        >
          <p>{fillText(settings.report_about, { provider: row.provider.name, office: row.office.name })}</p>
          <SelectField
            form={form}
            name="field"
            label={settings.report_field_label}
            options={WHAT.map(([value, setting]) => ({ value, label: settings[setting] }))}
          />
          <TextAreaField
            form={form}
            name="details"
            label={settings.report_details_label}
            hint={settings.report_details_help}
          />
          <TextField form={form} name="name" label={settings.report_name_label} autoComplete="name" />
          <TextField form={form} name="email" label={settings.report_email_label} type="email" autoComplete="email" />
          <CaptchaNotice texts={settings} />
        </form>
      )}
    </Dialog>
  )
}
