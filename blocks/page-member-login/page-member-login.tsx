import { useState } from 'react'
import { Link, useEngine, useNavigate, useSetSession } from '#engine'
import { useApiMutation } from '#engine/mutation'
import { authApi } from '#schemas/api/members.routes.ts'
import { sessionApi } from '#schemas/api/session.routes.ts'
import { FormAlert, showServerError, TextField, useZodForm } from '../kit/forms/form.tsx'
import { NewPasswordFields, PasswordField, ShowPasswords } from '../kit/forms/password-fields.tsx'
import { CaptchaNotice } from '../kit/forms/captcha-notice.tsx'
import { useBotCheck, useRecaptcha } from '../kit/forms/recaptcha.ts'
import { useSignIn } from '../kit/forms/sign-in.ts'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import type { PageMemberLoginProps } from './props.ts'
import type { MemberLoginSettings } from './settings.ts'

/** The forms' schemas and the API's contracts (and zod with them) load with the first check or request, not with the page. */
const forms = () => import('./forms.ts')
const signInForm = () => forms().then((module) => module.signInFormSchema)
const resetLinkForm = () => forms().then((module) => module.resetLinkFormSchema)
const newPasswordForm = () => forms().then((module) => module.newPasswordFormSchema)

/** The account's email field, as the sign-in and the reset link ask for it (a password manager fills it). */
const ACCOUNT_EMAIL = { type: 'email', autoComplete: 'username', inputMode: 'email' } as const

type PageProps = Omit<PageMemberLoginProps, 'settings'> & { settings: MemberLoginSettings }

/** Sign-in, or the password reset in its two steps. */
export default function PageMemberLogin({ settings, ...rest }: PageMemberLoginProps) {
  const props: PageProps = { ...rest, settings }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      {props.mode === 'sign-in' ? (
        <SignIn {...props} />
      ) : props.token && props.signedIn ? (
        <SignOutFirst {...props} />
      ) : props.token ? (
        <NewPassword {...props} token={props.token} />
      ) : (
        <AskForLink {...props} />
      )}
    </div>
  )
}

function Heading({ title, intro }: { title: string; intro: string }) {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold text-body">{title}</h1>
      <p className="text-gray-700">{intro}</p>
    </header>
  )
}

function SignIn({ settings, redirect, officeLoginUrl, captchaSiteKey, paths }: PageProps) {
  const form = useZodForm(signInForm, { email: '', password: '' })
  const [problem, setProblem] = useState<string>()
  const [shown, setShown] = useState(false)
  const captcha = useRecaptcha(captchaSiteKey)
  const navigate = useNavigate()
  const signIn = useSignIn(useEngine().config, captcha, () => navigate(redirect ?? paths.dashboard, { replace: true }))
  const submit = form.handleSubmit((credentials) => {
    setProblem(undefined)
    signIn.mutate(
      { body: credentials },
      { onError: (error) => setProblem(showServerError(form, error, ['email', 'password'])) },
    )
  })
  // Busy from the first check (its schema may still be loading) until the member has moved on.
  const busy = form.formState.isSubmitting || signIn.isPending
  return (
    <>
      <Heading title={settings.heading} intro={settings.intro} />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        aria-label={settings.heading}
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        <TextField form={form} name="email" label={settings.email_label} {...ACCOUNT_EMAIL} />
        <PasswordField
          form={form}
          name="password"
          label={settings.password_label}
          shown={shown}
          autoComplete="current-password"
        />
        <ShowPasswords label={settings.show_password} shown={shown} onChange={setShown} />
        <Button variant="primary" type="submit" className="justify-center" disabled={busy}>
          {busy ? settings.signing_in : settings.submit}
        </Button>
        <CaptchaNotice texts={settings} />
      </form>
      <nav aria-label={settings.other_ways_label} className="flex flex-col gap-2 text-body">
        <Link to={paths.reset} className="font-medium underline">
          {settings.forgot}
        </Link>
        {officeLoginUrl && (
          <a href={officeLoginUrl} target="_blank" rel="noopener noreferrer" className="underline">
            {settings.office_login}
            <span className="sr-only">{` ${settings.new_tab}`}</span>
          </a>
        )}
        <p>
          {settings.join_prompt}{' '}
          <Link to={paths.join} className="font-medium underline">
            {settings.join_link}
          </Link>
        </p>
      </nav>
    </>
  )
}

function AskForLink({ settings, paths }: PageProps) {
  const form = useZodForm(resetLinkForm, { email: '' })
  const [problem, setProblem] = useState<string>()
  const send = useApiMutation(authApi.resetPasswordEmail, {
    headers: useBotCheck('reset_password'),
    onError: (error) => setProblem(showServerError(form, error, ['email'])),
  })
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    send.mutate({ body })
  })
  const result = send.data
    ? { tone: 'success' as const, text: send.data.message ?? settings.link_sent }
    : problem && { tone: 'error' as const, text: problem }
  return (
    <>
      <Heading title={settings.reset_heading} intro={settings.reset_intro} />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        aria-label={settings.reset_heading}
      >
        {result && <FormAlert tone={result.tone}>{result.text}</FormAlert>}
        <TextField form={form} name="email" label={settings.email_label} {...ACCOUNT_EMAIL} />
        <Button
          variant="primary"
          type="submit"
          className="justify-center"
          disabled={form.formState.isSubmitting || send.isPending}
        >
          {settings.reset_submit}
        </Button>
        <CaptchaNotice texts={settings} />
      </form>
      <Link to={paths.signIn} className="font-medium text-body underline">
        {settings.back_to_sign_in}
      </Link>
    </>
  )
}

/**
 * A mailed reset link opened while signed in: signing out keeps the link (the token stays in the
 * address, and the page then shows its form); or back to the dashboard.
 */
function SignOutFirst({ settings, paths }: PageProps) {
  const setSession = useSetSession()
  const [problem, setProblem] = useState<string>()
  const signOut = useApiMutation(sessionApi.logout, {
    onSuccess: () => setSession({ isAuthenticated: false }),
    onError: (error) => setProblem(error.message),
  })
  return (
    <>
      <Heading title={settings.signed_in_heading} intro={settings.signed_in_intro} />
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex flex-col gap-3">
        <Button
          variant="primary"
          className="justify-center"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate({})}
        >
          {settings.sign_out_and_reset}
        </Button>
        <ButtonLink variant="outline" to={paths.dashboard} className="justify-center">
          {settings.back_to_dashboard}
        </ButtonLink>
      </div>
    </>
  )
}

function NewPassword({ settings, paths, token }: PageProps & { token: string }) {
  const form = useZodForm(newPasswordForm, { password: '', confirm: '' })
  const [problem, setProblem] = useState<string>()
  const [shown, setShown] = useState(false)
  const change = useApiMutation(authApi.setNewPassword, {
    onError: (error) => setProblem(showServerError(form, error, ['password'])),
  })
  const submit = form.handleSubmit(({ password: chosen }) => {
    setProblem(undefined)
    change.mutate({ body: { token, password: chosen } })
  })
  if (change.data) {
    return (
      <>
        <h1 className="text-3xl font-bold text-body">{settings.new_password_heading}</h1>
        <FormAlert tone="success">{change.data.message ?? settings.password_changed}</FormAlert>
        <ButtonLink variant="primary" to={paths.signIn} className="justify-center">
          {settings.submit}
        </ButtonLink>
      </>
    )
  }
  return (
    <>
      <h1 className="text-3xl font-bold text-body">{settings.new_password_heading}</h1>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        aria-label={settings.new_password_heading}
      >
        {/* A problem the fields do not show is the link's: it expired, or was used. */}
        {problem && (
          <FormAlert>
            {problem}{' '}
            <Link to={paths.reset} className="font-medium underline">
              {settings.new_link}
            </Link>
          </FormAlert>
        )}
        <NewPasswordFields form={form} texts={settings} shown={shown} />
        <ShowPasswords label={settings.show_passwords} shown={shown} onChange={setShown} />
        <Button
          variant="primary"
          type="submit"
          className="justify-center"
          disabled={form.formState.isSubmitting || change.isPending}
        >
          {settings.new_password_submit}
        </Button>
      </form>
    </>
  )
}
