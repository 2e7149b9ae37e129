import { useEffect, useMemo, useRef, useState } from 'react'
import { ApiRequestError, callApi, Link, useNavigate } from '#engine'
import { setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { authApi } from '#schemas/api/members.routes.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { FormAlert, SelectField, showServerError, TextField, useZodForm } from '../kit/forms/form.tsx'
import { PasswordRules } from '../kit/forms/password-rules.tsx'
import { US_STATES } from '../kit/forms/us-states.ts'
import { useBotCheck } from '../kit/forms/recaptcha.ts'
import type { PageCheckoutAccountProps } from './props.ts'
import type { accountFormSchema } from './account-form.ts'
import { CheckoutStep } from '../kit/checkout/checkout-step.tsx'
import { Button } from '../kit/ui/button.tsx'

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone', 'dateOfBirth', 'address'] as const
const STATES = US_STATES.map(([value, label]) => ({ value, label }))

/** The account form's schema (account-form.ts): it, and zod with it, load with the form's first check, not with the page. */
const accountForm = (hasPassword: boolean) => () =>
  import('./account-form.ts').then((module) => module.accountFormSchema(hasPassword))

export default function PageCheckoutAccount({ settings, signedInAs, paths }: PageCheckoutAccountProps) {
  const { data: state } = useApiQuery(checkoutStateQuery)
  const schema = useMemo(() => accountForm(state.hasPassword), [state.hasPassword])
  const account = state.account
  const form = useZodForm(schema, {
    email: account?.email ?? '',
    password: '',
    firstName: account?.firstName ?? '',
    lastName: account?.lastName ?? '',
    phone: account?.phone ?? '',
    dateOfBirth: account?.dateOfBirth ?? '',
    address: {
      line: account?.address.line ?? '',
      city: account?.address.city ?? '',
      state: account?.address.state ?? '',
      zip: account?.address.zip ?? '',
    },
  })
  const [problem, setProblem] = useState<string>()
  const navigate = useNavigate()
  const botCheck = useBotCheck('checkout_account')
  const mutation = useApiMutation(checkoutApi.account, {
    headers: botCheck,
    onSuccess: async (next, _input, client) => {
      setApiData(client, checkoutStateQuery, next)
      await navigate(paths.members)
    },
    onError: (error) => setProblem(showServerError(form, error, FIELDS)),
  })
  const email = form.watch('email')
  const password = form.watch('password')
  const suggestion = useEmailCheck(email, form, settings.email_check_failed)
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    mutation.mutate({ body })
  })
  return (
    <CheckoutStep title={settings.heading} intro={settings.intro}>
      {signedInAs ? (
        <FormAlert tone="info">
          {settings.signed_in.replace('{email}', signedInAs)}{' '}
          <Link to={paths.dashboard} className="font-medium underline">
            Dashboard
          </Link>
        </FormAlert>
      ) : (
        // The same words for everyone: the step never says whether an email has an account.
        <p className="text-body">
          {settings.existing_account}{' '}
          <Link to={paths.signIn} className="font-semibold underline">
            {settings.sign_in_link}
          </Link>
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        aria-labelledby="step-heading"
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <TextField
          form={form}
          name="email"
          label={settings.email_label}
          type="email"
          autoComplete="email"
          hint={suggestion ? <span role="status">{suggestion}</span> : undefined}
        />
        <TextField
          form={form}
          name="password"
          label={settings.password_label}
          type="password"
          autoComplete="new-password"
          hint={
            <>
              {state.hasPassword && <p>{settings.password_kept}</p>}
              <PasswordRules password={password} email={email} texts={settings} />
            </>
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="firstName" label={settings.first_name_label} autoComplete="given-name" />
          <TextField form={form} name="lastName" label={settings.last_name_label} autoComplete="family-name" />
          <TextField
            form={form}
            name="phone"
            label={settings.phone_label}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
          />
          <TextField form={form} name="dateOfBirth" label={settings.birth_date_label} type="date" autoComplete="bday" />
        </div>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">{settings.address_legend}</legend>
          <TextField form={form} name="address.line" label={settings.street_label} autoComplete="address-line1" />
          <div className="grid gap-4 sm:grid-cols-[2fr_1.5fr_1fr]">
            <TextField form={form} name="address.city" label={settings.city_label} autoComplete="address-level2" />
            <SelectField
              form={form}
              name="address.state"
              label={settings.state_label}
              autoComplete="address-level1"
              options={[{ value: '', label: settings.state_placeholder }, ...STATES]}
            />
            <TextField
              form={form}
              name="address.zip"
              label={settings.zip_label}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={10}
            />
          </div>
        </fieldset>
        <p className="text-sm text-gray-700">
          {settings.privacy_note}{' '}
          <Link to={paths.privacy} className="underline">
            {settings.privacy_link}
          </Link>
        </p>
        <Button variant="primary" type="submit" className="self-start" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : settings.submit}
        </Button>
        <CaptchaNotice texts={settings} />
      </form>
    </CheckoutStep>
  )
}

type AccountForm = ReturnType<typeof useZodForm<ReturnType<typeof accountFormSchema>>>
const EMAIL_CHECK = 'email-check'

/**
 * Checks the email as it is typed (`validateEmail`), once typing pauses: its message (or `failed`,
 * when it gives none) shows at the field. Neither it nor the step says whether an account exists (the payment refuses a second
 * account for an address, before any charge, and mails the address's owner).
 */
function useEmailCheck(email: string, form: AccountForm, failed: string): string | undefined {
  const latest = useRef(0)
  const [suggestion, setSuggestion] = useState<string>()
  useEffect(() => {
    const value = email.trim()
    const call = ++latest.current
    // Checked once it has an @ and typing pauses; an empty field is the submit's to judge.
    if (!value.includes('@')) return
    const timer = window.setTimeout(() => {
      // A check of a field as it is typed, not a submit: nothing waits on it, and only the latest answer counts.
      callApi(authApi.validateEmail, { body: { email: value } })
        .then((answer) => {
          if (call !== latest.current) return
          setSuggestion(answer.valid ? answer.message : undefined)
          if (!answer.valid) form.setError('email', { type: EMAIL_CHECK, message: answer.message ?? failed })
          else if (form.getFieldState('email').error?.type === EMAIL_CHECK) form.clearErrors('email')
        })
        .catch((error: unknown) => {
          // The check is a help while typing: a failure leaves the decision to the account step.
          if (!(error instanceof ApiRequestError)) return
        })
    }, 400)
    return () => window.clearTimeout(timer)
  }, [email, form, failed])
  return email.includes('@') ? suggestion : undefined
}
