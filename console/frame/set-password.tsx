import { useState, type SyntheticEvent } from 'react'
import { useApiMutation } from '#engine/mutation'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffAccountsApi } from '#schemas/api/staff.console.routes.ts'
import { PASSWORD_RULES } from '#schemas/password-rules.ts'
import { control, fieldIssue, messageOf, Outcome } from './form.tsx'

/**
 * An invited staff member chooses a password with the invitation's link (single use, expiring);
 * then they sign in, and the sign-in sets up their authenticator app.
 */
export function SetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const accept = useApiMutation(staffAccountsApi.acceptInvitation)
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    accept.mutate({ body: { token, password } })
  }
  return (
    <main className="mx-auto mt-10 max-w-md px-4">
      <Card padding="lg" raised>
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
              {(ids) => (
                <input
                  {...control(ids)}
                  type="password"
                  autoComplete="new-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <Outcome error={accept.error ? messageOf(accept.error, 'The password could not be set.') : undefined} />
            <Button variant="primary" type="submit" disabled={accept.isPending || !token}>
              {accept.isPending ? 'Saving…' : 'Set the password'}
            </Button>
          </form>
        )}
      </Card>
    </main>
  )
}
