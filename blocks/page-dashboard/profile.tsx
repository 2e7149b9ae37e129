import { useState } from 'react'
import { useToast } from '#engine'
import { setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { MemberInfo } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { formatPhone } from '../kit/format/phone.ts'
import { DEFAULT_LANGUAGE } from '#schemas/languages.ts'
import { CONTROL, Field, FormAlert } from '../kit/forms/field.tsx'
import { TextInput } from '../kit/forms/text-input.tsx'
import { useFormChanges } from '../kit/forms/form-changes.ts'
import { useLightForm } from '../kit/forms/light-form.ts'
import { Button } from '../kit/ui/button.tsx'
import { ChangePassword } from './password.tsx'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'

/** The form's schema is the endpoint's; it, and zod with it, load once the page is idle or with the first check. */
const memberUpdateForm = () => import('#schemas/api/members.ts').then((module) => module.memberUpdateSchema)

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'language'] as const

const shownPhone = (info: Pick<MemberInfo, 'phone'>) => (info.phone ? formatPhone(info.phone) : '')

/**
 * Name, email, phone and address, and the language of the member's mail where the site has
 * several (the one they joined in until they change it); the change is saved on the server and
 * shown at once. A light
 * form (kit/forms/light-form.ts): the dashboard's start carries no form library, and what is typed
 * before the page hydrates is sent as typed.
 */
export function Profile({
  settings,
  languages,
}: {
  settings: DashboardSettings
  languages: readonly { code: string; name: string }[]
}) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const toast = useToast()
  const [problem, setProblem] = useState<string>()
  const form = useLightForm(memberUpdateForm, FIELDS)
  const changes = useFormChanges()
  const { changed, attach } = changes
  const mutation = useApiMutation(memberApi.update, {
    onSuccess: (updated, _input, client) => setApiData(client, dashboardQueries.info, updated),
  })
  const submit = form.onSubmit((body, element) => {
    setProblem(undefined)
    mutation.mutate(
      { body },
      {
        onSuccess: (updated) => {
          changes.saved(element, { phone: shownPhone(updated) })
          toast.add({ severity: 'success', summary: 'Your details are saved', life: 5000 })
        },
        onError: (error) => setProblem(form.showServerError(element, error)),
      },
    )
  })
  const address = info.address ?? { line: '', city: '', state: '', zip: '' }
  const { problems } = form
  return (
    <div className="flex flex-col gap-4">
      <form
        ref={attach}
        noValidate
        onSubmit={(event) => void submit(event)}
        onChange={(event) => {
          form.onChange(event)
          changes.onChange(event)
        }}
        className="flex flex-col gap-3"
        aria-label={settings.profile_label}
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            name="firstName"
            label={settings.first_name_label}
            error={problems.firstName}
            defaultValue={info.firstName}
            autoComplete="given-name"
          />
          <TextInput
            name="lastName"
            label={settings.last_name_label}
            error={problems.lastName}
            defaultValue={info.lastName}
            autoComplete="family-name"
          />
        </div>
        <TextInput
          name="email"
          label={settings.email_label}
          error={problems.email}
          defaultValue={info.email}
          type="email"
          autoComplete="email"
        />
        <TextInput
          name="phone"
          label={settings.phone_label}
          error={problems.phone}
          defaultValue={shownPhone(info)}
          type="tel"
          autoComplete="tel"
        />
        <TextInput
          name="address.line"
          label={settings.street_label}
          error={problems['address.line']}
          defaultValue={address.line}
          autoComplete="street-address"
        />
        <div className="grid gap-3 sm:grid-cols-[1fr_5rem_7rem]">
          <TextInput
            name="address.city"
            label={settings.city_label}
            error={problems['address.city']}
            defaultValue={address.city}
            autoComplete="address-level2"
          />
          <TextInput
            name="address.state"
            label={settings.state_label}
            error={problems['address.state']}
            defaultValue={address.state}
            autoComplete="address-level1"
            maxLength={2}
          />
          <TextInput
            name="address.zip"
            label={settings.zip_label}
            error={problems['address.zip']}
            defaultValue={address.zip}
            autoComplete="postal-code"
            inputMode="numeric"
          />
        </div>
        {languages.length > 1 && (
          <Field label={settings.language_label} error={problems.language}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="language"
                className={CONTROL}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                defaultValue={info.language ?? DEFAULT_LANGUAGE}
              >
                {languages.map((language) => (
                  <option key={language.code} value={language.code} lang={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <div>
          <Button variant="primary" type="submit" disabled={mutation.isPending || !changed}>
            {mutation.isPending ? 'Saving…' : settings.save_details}
          </Button>
        </div>
      </form>
      <ChangePassword email={info.email} settings={settings} />
    </div>
  )
}
