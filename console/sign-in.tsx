import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react'
import { api } from './api.ts'
import { Field, fieldIssue, messageOf, Outcome } from './form.tsx'

type Me = Awaited<ReturnType<typeof api.me>>
type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'enrol' } | { kind: 'recovery'; me: Me; codes: string[] }

const text = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}

/** A step's heading, focused when the step opens (the page itself has changed for a screen reader). */
function StepTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h2 ref={ref} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
      {children}
    </h2>
  )
}

/**
 * The staff sign-in in two steps: the password, then a code of the authenticator app or a recovery
 * code. At a first sign-in the second step is enrolment: the app scans the QR code (or is given the
 * secret as text), a first code confirms it, and the recovery codes are shown this once.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'password' })
  return (
    <main className="mx-auto mt-10 max-w-md px-4">
      <div className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm">
        <h1 className="mb-4 text-2xl font-semibold">Member services sign-in</h1>
        {step.kind === 'password' && <PasswordStep onNext={(next) => setStep({ kind: next })} />}
        {step.kind === 'code' && <CodeStep onSignedIn={onSignedIn} onRestart={() => setStep({ kind: 'password' })} />}
        {step.kind === 'enrol' && <EnrolStep onEnrolled={(me, codes) => setStep({ kind: 'recovery', me, codes })} />}
        {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onDone={() => onSignedIn(step.me)} />}
      </div>
    </main>
  )
}

function PasswordStep({ onNext }: { onNext: (next: 'code' | 'enrol') => void }) {
  const signIn = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => api.signIn(email, password),
    onSuccess: (answer) => onNext(answer.next),
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    signIn.mutate({ email: text(event.currentTarget, 'email'), password: text(event.currentTarget, 'password') })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <StepTitle>Your email and password</StepTitle>
      <Field label="Email" error={fieldIssue(signIn.error, 'email')}>
        {(props) => (
          <input {...props} name="email" type="email" autoComplete="username" required className="cs-input" />
        )}
      </Field>
      <Field label="Password" error={fieldIssue(signIn.error, 'password')}>
        {(props) => (
          <input
            {...props}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="cs-input"
          />
        )}
      </Field>
      <Outcome error={signIn.error ? messageOf(signIn.error, 'Signing in failed. Try again.') : undefined} />
      <button type="submit" className="cs-button-primary" disabled={signIn.isPending}>
        {signIn.isPending ? 'Checking…' : 'Continue'}
      </button>
    </form>
  )
}

function CodeField({ error }: { error: string | undefined }) {
  return (
    <Field
      label="Code"
      hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
      error={error}
    >
      {(props) => (
        <input
          {...props}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          required
          className="cs-input font-mono tracking-widest"
        />
      )}
    </Field>
  )
}

function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (me: Me) => void; onRestart: () => void }) {
  const verify = useMutation({ mutationFn: api.verify, onSuccess: onSignedIn })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    verify.mutate(text(event.currentTarget, 'code'))
  }
  const issue = fieldIssue(verify.error, 'code')
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <StepTitle>Your authentication code</StepTitle>
      <CodeField error={issue} />
      <Outcome
        error={
          verify.error && !issue ? messageOf(verify.error, 'The code could not be checked. Try again.') : undefined
        }
      />
      <button type="submit" className="cs-button-primary" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Sign in'}
      </button>
      <button type="button" className="cs-button" onClick={onRestart}>
        Start again with another account
      </button>
    </form>
  )
}

/** The QR code of the secret's link, drawn from the server's path of dark squares, with a quiet zone. */
function QrCode({ qr }: { qr: { size: number; path: string } }) {
  const box = qr.size + 8
  return (
    <svg
      role="img"
      aria-label="QR code of the secret, for your authenticator app"
      viewBox={`-4 -4 ${box} ${box}`}
      className="h-52 w-52 self-center bg-white"
      shapeRendering="crispEdges"
    >
      <path d={qr.path} fill="#000" />
    </svg>
  )
}

function EnrolStep({ onEnrolled }: { onEnrolled: (me: Me, codes: string[]) => void }) {
  const start = useMutation({ mutationFn: api.enrolStart })
  const finish = useMutation({
    mutationFn: api.enrolFinish,
    onSuccess: ({ recoveryCodes, ...me }) => onEnrolled(me, recoveryCodes),
  })
  const { mutate } = start
  useEffect(() => mutate(), [mutate])
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    finish.mutate(text(event.currentTarget, 'code'))
  }
  const issue = fieldIssue(finish.error, 'code')
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <StepTitle>Set up your authenticator app</StepTitle>
      <p>Staff accounts sign in with a second step. Add this account to an authenticator app on your phone.</p>
      {start.isPending && <p>Making your secret…</p>}
      {start.error && <Outcome error={messageOf(start.error, 'The secret could not be made. Reload the page.')} />}
      {start.data && (
        <>
          <p>Scan this QR code with the app:</p>
          <QrCode qr={start.data.qr} />
          <p className="text-sm">
            Or type this secret into the app (time-based, 6 digits):{' '}
            <code className="block break-all rounded bg-slate-100 p-2 font-mono text-base" aria-label="Secret">
              {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <CodeField error={issue} />
          <Outcome
            error={
              finish.error && !issue ? messageOf(finish.error, 'The code could not be checked. Try again.') : undefined
            }
          />
          <button type="submit" className="cs-button-primary" disabled={finish.isPending}>
            {finish.isPending ? 'Checking…' : 'Confirm and sign in'}
          </button>
        </>
      )}
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <StepTitle>Save your recovery codes</StepTitle>
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app&rsquo;s code. They are shown
        only now: print them or keep them in a password manager.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 p-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className="cs-button-primary" onClick={onDone}>
        I have saved them: continue
      </button>
    </div>
  )
}
