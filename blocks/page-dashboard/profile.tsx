import { useState } from 'react'
import { useToast } from '#engine'
import { setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/members.routes.ts'
import { formatPhone } from '../kit/format/phone.ts'
import { FormAlert, showServerError, TextField, useZodForm } from '../kit/forms/form.tsx'
import { Button } from '../kit/ui/button.tsx'
import { ChangePassword } from './password.tsx'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'

/** The form's schema is the endpoint's; it, and zod with it, load with the form's first check. */
const memberUpdateForm = () => import('#schemas/api/members.ts').then((module) => module.memberUpdateSchema)

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address'] as const

/** Name, email, phone and address; the change is saved on the server and shown at once. */
export function Profile({ settings }: { settings: DashboardSettings }) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const toast = useToast()
  const [problem, setProblem] = useState<string>()
  const form = useZodForm(memberUpdateForm, {
    firstName: info.firstName,
    lastName: info.lastName,
    email: info.email,
    phone: info.phone ? formatPhone(info.phone) : '',
    address: info.address ?? { line: '', city: '', state: '', zip: '' },
  })
  const mutation = useApiMutation(memberApi.update, {
    onSuccess: (updated, _input, client) => {
      setApiData(client, dashboardQueries.info, updated)
      form.reset({ ...form.getValues(), phone: updated.phone ? formatPhone(updated.phone) : '' })
      toast.add({ severity: 'success', summary: 'Your details are saved', life: 5000 })
    },
    onError: (error) => setProblem(showServerError(form, error, FIELDS)),
  })
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    mutation.mutate({ body })
  })
  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3"
        aria-label={settings.profile_label}
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField form={form} name="firstName" label={settings.first_name_label} autoComplete="given-name" />
          <TextField form={form} name="lastName" label={settings.last_name_label} autoComplete="family-name" />
        </div>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField form={form} name="address.line" label={settings.street_label} autoComplete="street-address" />
        <div className="grid gap-3 sm:grid-cols-[1fr_5rem_7rem]">
          <TextField form={form} name="address.city" label="City" autoComplete="address-level2" />
          <TextField form={form} name="address.state" label="State" autoComplete="address-level1" maxLength={2} />
          <TextField
            form={form}
            name="address.zip"
            label={settings.zip_label}
            autoComplete="postal-code"
            inputMode="numeric"
          />
        </div>
        <div>
          <Button variant="primary" type="submit" disabled={mutation.isPending || !form.formState.isDirty}>
            {mutation.isPending ? 'Saving…' : settings.save_details}
          </Button>
        </div>
      </form>
      <ChangePassword email={info.email} settings={settings} />
    </div>
  )
}
