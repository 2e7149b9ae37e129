import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffApi } from '#schemas/api/staff.console.routes.ts'
import type { staffMeSchema } from '#schemas/api/staff.ts'
import type { z } from '#schemas/engine/zod.ts'
import { control, fieldIssue, messageOf, Outcome } from './form.tsx'

/** The staff member signed in with both factors. */
export type Me = z.output<typeof staffMeSchema>
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
      <Card padding="lg" raised>
        <h1 className="mb-4 text-2xl font-semibold">Member services sign-in</h1>
        {step.kind === 'password' && <PasswordStep onNext={(next) => setStep({ kind: next })} />}
        {step.kind === 'code' && <CodeStep onSignedIn={onSignedIn} onRestart={() => setStep({ kind: 'password' })} />}
        {step.kind === 'enrol' && <EnrolStep onEnrolled={(me, codes) => setStep({ kind: 'recovery', me, codes })} />}
        {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onDone={() => onSignedIn(step.me)} />}
      </Card>
    </main>
  )
}

function PasswordStep({ onNext }: { onNext: (next: 'code' | 'enrol') => void }) {
  const signIn = useApiMutation(staffApi.signIn, { onSuccess: (answer) => onNext(answer.next) })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    signIn.mutate({
      body: { email: text(event.currentTarget, 'email'), password: text(event.currentTarget, 'password') },
    })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <StepTitle>Your email and password</StepTitle>
      <Field label="Email" error={fieldIssue(signIn.error, 'email')}>
        {(ids) => <input {...control(ids)} name="email" type="email" autoComplete="username" required />}
      </Field>
      <Field label="Password" error={fieldIssue(signIn.error, 'password')}>
        {(ids) => <input {...control(ids)} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <Outcome error={signIn.error ? messageOf(signIn.error, 'Signing in failed. Try again.') : undefined} />
      <Button variant="primary" type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Checking…' : 'Continue'}
      </Button>
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
      {(ids) => (
        <input
          {...control(ids, 'font-mono tracking-widest')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          required
        />
      )}
    </Field>
  )
}

function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (me: Me) => void; onRestart: () => void }) {
  const verify = useApiMutation(staffApi.verify, { onSuccess: (me) => onSignedIn(me) })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    verify.mutate({ body: { code: text(event.currentTarget, 'code') } })
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
      <Button variant="primary" type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Sign in'}
      </Button>
      <Button variant="outline" onClick={onRestart}>
        Start again with another account
      </Button>
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
  const start = useApiMutation(staffApi.enrolStart)
  const finish = useApiMutation(staffApi.enrolFinish, {
    onSuccess: ({ recoveryCodes, ...me }) => onEnrolled(me, recoveryCodes),
  })
  const { mutate } = start
  useEffect(() => mutate({}), [mutate])
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    finish.mutate({ body: { code: text(event.currentTarget, 'code') } })
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
          <Button variant="primary" type="submit" disabled={finish.isPending}>
            {finish.isPending ? 'Checking…' : 'Confirm and sign in'}
          </Button>
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
      <Button variant="primary" onClick={onDone}>
        I have saved them: continue
      </Button>
    </div>
  )
}
