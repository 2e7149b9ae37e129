import { useState } from 'react'
import { callApi, Link, useEngine, useNavigate } from '#engine'
import { FormAlert, showServerError, TextField, useZodForm } from '../kit/form.tsx'
import { PasswordRules } from '../kit/password-rules.tsx'
import { useBotCheck, useRecaptcha } from '../kit/recaptcha.ts'
import { useSignIn } from '../kit/sign-in.ts'
import { Button, ButtonLink } from '../kit/ui/button.tsx'
import type { PageMemberLoginProps } from './props.ts'
import type { MemberLoginSettings } from './settings.ts'

/** The forms' schemas and the API's contracts (and zod with them) load with the first check or request, not with the page. */
const forms = () => import('./forms.ts')
const signInForm = () => forms().then((module) => module.signInFormSchema)
const resetLinkForm = () => forms().then((module) => module.resetLinkFormSchema)
const newPasswordForm = () => forms().then((module) => module.newPasswordFormSchema)
const authApi = () => import('#schemas/api/auth.ts').then((module) => module.authApi)

type PageProps = Omit<PageMemberLoginProps, 'settings'> & { settings: MemberLoginSettings }

/** Sign-in, or the password reset in its two steps. */
export default function PageMemberLogin({ settings, ...rest }: PageMemberLoginProps) {
  const props: PageProps = { ...rest, settings }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      {props.mode === 'sign-in' ? (
        <SignIn {...props} />
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

/** Shows what is typed in the password fields (for a person checking what they typed). */
function ShowToggle({ label, shown, onChange }: { label: string; shown: boolean; onChange: (shown: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-body">
      <input type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} className="size-4" />
      {label}
    </label>
  )
}

function SignIn({ settings, redirect, officeLoginUrl, captchaSiteKey, paths }: PageProps) {
  const form = useZodForm(signInForm, { email: '', password: '' })
  const [problem, setProblem] = useState<string>()
  const [shown, setShown] = useState(false)
  const captcha = useRecaptcha(captchaSiteKey)
  const signIn = useSignIn(useEngine().config, captcha)
  const navigate = useNavigate()
  const submit = form.handleSubmit(async (credentials) => {
    setProblem(undefined)
    try {
      await signIn(credentials)
      await navigate(redirect ?? paths.dashboard, { replace: true })
    } catch (error) {
      setProblem(showServerError(form, error, ['email', 'password']))
    }
  })
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
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" inputMode="email" />
        <TextField
          form={form}
          name="password"
          label="Password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
        />
        <ShowToggle label="Show password" shown={shown} onChange={setShown} />
        <Button variant="primary" type="submit" className="justify-center" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Signing in…' : settings.submit}
        </Button>
      </form>
      <nav aria-label="Other ways in" className="flex flex-col gap-2 text-body">
        <Link to={paths.reset} className="font-medium underline">
          {settings.forgot}
        </Link>
        {officeLoginUrl && (
          <a href={officeLoginUrl} target="_blank" rel="noopener noreferrer" className="underline">
            {settings.office_login}
            <span className="sr-only"> (opens in a new tab)</span>
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
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>()
  const botCheck = useBotCheck('reset_password')
  const submit = form.handleSubmit(async (body) => {
    setResult(undefined)
    try {
      const answer = await callApi((await authApi()).resetPasswordEmail, { body }, { headers: await botCheck() })
      setResult({ tone: 'success', text: answer.message ?? 'Check your email for the link.' })
    } catch (error) {
      const message = showServerError(form, error, ['email'])
      if (message) setResult({ tone: 'error', text: message })
    }
  })
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
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" inputMode="email" />
        <Button variant="primary" type="submit" className="justify-center" disabled={form.formState.isSubmitting}>
          {settings.reset_submit}
        </Button>
      </form>
      <Link to={paths.signIn} className="font-medium text-body underline">
        {settings.back_to_sign_in}
      </Link>
    </>
  )
}

function NewPassword({ settings, paths, token }: PageProps & { token: string }) {
  const form = useZodForm(newPasswordForm, { password: '', confirm: '' })
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string; expired?: boolean }>()
  const [shown, setShown] = useState(false)
  const password = form.watch('password')
  const submit = form.handleSubmit(async ({ password: chosen }) => {
    setResult(undefined)
    try {
      const answer = await callApi((await authApi()).setNewPassword, { body: { token, password: chosen } })
      setResult({ tone: 'success', text: answer.message ?? 'Your password is changed.' })
    } catch (error) {
      const message = showServerError(form, error, ['password'])
      if (message) setResult({ tone: 'error', text: message, expired: true })
    }
  })
  if (result?.tone === 'success') {
    return (
      <>
        <h1 className="text-3xl font-bold text-body">{settings.new_password_heading}</h1>
        <FormAlert tone="success">{result.text}</FormAlert>
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
        {result && (
          <FormAlert>
            {result.text}{' '}
            {result.expired && (
              <Link to={paths.reset} className="font-medium underline">
                Send me a new link
              </Link>
            )}
          </FormAlert>
        )}
        <TextField
          form={form}
          name="password"
          label="New password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          hint={<PasswordRules password={password} />}
        />
        <TextField
          form={form}
          name="confirm"
          label="New password again"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
        />
        <ShowToggle label="Show passwords" shown={shown} onChange={setShown} />
        <Button variant="primary" type="submit" className="justify-center" disabled={form.formState.isSubmitting}>
          {settings.new_password_submit}
        </Button>
      </form>
    </>
  )
}
