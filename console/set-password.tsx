import { useMutation } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { PASSWORD_RULES } from '#schemas/password-rules.ts'
import { api } from './api.ts'
import { Field, fieldIssue, messageOf, Outcome } from './form.tsx'

/**
 * An invited staff member chooses a password with the invitation's link (single use, expiring);
 * then they sign in, and the sign-in sets up their authenticator app.
 */
export function SetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const accept = useMutation({ mutationFn: () => api.acceptInvitation(token, password) })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    accept.mutate()
  }
  return (
    <main className="mx-auto mt-10 max-w-md px-4">
      <div className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm">
        <h1 className="mb-4 text-2xl font-semibold">Choose your password</h1>
        {accept.isSuccess ? (
          <p role="status">
            Your password is set.{' '}
            <a className="cs-link" href="/console">
              Sign in to the console
            </a>{' '}
            and set up your authenticator app.
          </p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <Field
              label="New password"
              hint={PASSWORD_RULES.map((rule) => rule.message).join('. ')}
              error={fieldIssue(accept.error, 'password')}
            >
              {(props) => (
                <input
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  required
                  className="cs-input"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <Outcome error={accept.error ? messageOf(accept.error, 'The password could not be set.') : undefined} />
            <button type="submit" className="cs-button-primary" disabled={accept.isPending || !token}>
              {accept.isPending ? 'Saving…' : 'Set the password'}
            </button>
          </form>
        )}
      </div>
    </main>
  )
}
