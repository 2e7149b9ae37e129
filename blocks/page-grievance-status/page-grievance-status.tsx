import { useEffect, useRef, useState } from 'react'
import { ApiRequestError, Link } from '#engine'
import { DataBoundary, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { grievancesApi } from '#schemas/api/grievances.routes.ts'
import { FormAlert, showServerError, TextField, useZodForm } from '../kit/forms/form.tsx'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import { Button } from '../kit/ui/button.tsx'
import { GrievanceDetails } from './grievance-details.tsx'
import type { PageGrievanceStatusProps } from './props.ts'
import { memberGrievancesQuery } from './queries.ts'
import type { GrievanceStatusSettings } from './settings.ts'

/** The lookup's schema (the endpoint's), and zod with it, load with the first check. */
const lookupForm = () => import('./forms.ts').then((module) => module.lookupFormSchema)

/** A member's grievances, then a lookup by reference and email for anyone. */
export default function PageGrievanceStatus({ settings, member, paths }: PageGrievanceStatusProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 text-body">
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{member ? settings.member_heading : settings.heading}</h1>
        <p className="text-lg text-gray-700">{member ? settings.member_intro : settings.intro}</p>
      </header>
      {member && (
        <DataBoundary title={settings.grievances_title}>
          <MemberGrievances settings={settings} />
        </DataBoundary>
      )}
      <LookUp settings={settings} />
      <p>
        <Link to={paths.grievanceForm} className="font-bold underline">
          {settings.file_link}
        </Link>
      </p>
    </div>
  )
}

function MemberGrievances({ settings }: { settings: GrievanceStatusSettings }) {
  const { data } = useApiQuery(memberGrievancesQuery)
  if (!data.grievances.length) return <p>{settings.no_grievances}</p>
  return (
    <ul aria-label={settings.grievances_label} className="flex flex-col gap-4">
      {data.grievances.map((grievance) => (
        <GrievanceDetails key={grievance.reference} as="li" grievance={grievance} settings={settings} />
      ))}
    </ul>
  )
}

/** The lookup: one grievance when its reference and email both match, the same sentence otherwise. */
function LookUp({ settings }: { settings: GrievanceStatusSettings }) {
  const form = useZodForm(lookupForm, { reference: '', email: '' })
  const [problem, setProblem] = useState<string>()
  const lookup = useApiMutation(grievancesApi.grievanceStatus, {
    headers: useBotCheck('grievance_status'),
    onError: (error) =>
      setProblem(
        error instanceof ApiRequestError && error.status === 404
          ? settings.not_found
          : showServerError(form, error, ['reference', 'email']),
      ),
  })
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    lookup.reset()
    lookup.mutate({ body })
  })
  const found = lookup.data?.grievance
  const result = useRef<HTMLDivElement>(null)
  // The answer takes the focus, so it is read out and the next Tab goes on from it.
  useEffect(() => {
    if (found || problem) result.current?.focus()
  }, [found, problem])
  const busy = form.formState.isSubmitting || lookup.isPending
  return (
    <section aria-labelledby="lookup-heading" className="flex flex-col gap-4">
      <h2 id="lookup-heading" className="text-2xl font-semibold">
        {settings.lookup_heading}
      </h2>
      <p>{settings.lookup_help}</p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="lookup-heading"
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="reference"
            label={settings.reference_label}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
        </div>
        <Button variant="primary" type="submit" className="self-start" disabled={busy}>
          {busy ? settings.looking_up : settings.lookup_button}
        </Button>
        <CaptchaNotice texts={settings} />
      </form>
      <div ref={result} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        {problem && <FormAlert>{problem}</FormAlert>}
        {found && !problem && <GrievanceDetails grievance={found} settings={settings} headingLevel={3} />}
      </div>
    </section>
  )
}
