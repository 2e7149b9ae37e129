// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiRequestError } from '#engine'
import { z } from '#schemas/engine/zod.ts'
import { Field, FormAlert } from './field.tsx'
import { serverProblems, useLightForm } from './light-form.ts'

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Required')),
  email: z.email('Enter a valid email address'),
})
const load = () => Promise.resolve(schema)

/** A form of two fields whose sending fails with `failure`. */
function Harness({ failure, sent }: { failure?: unknown; sent: (values: z.output<typeof schema>) => void }) {
  const form = useLightForm(load, ['name', 'email'])
  const [problem, setProblem] = useState<string>()
  const submit = form.onSubmit(async (values, element) => {
    sent(values)
    if (failure) setProblem(form.showServerError(element, failure))
    return Promise.resolve()
  })
  return (
    <form aria-label="Contact" noValidate onSubmit={(event) => void submit(event)} onChange={form.onChange}>
      {problem && <FormAlert>{problem}</FormAlert>}
      <Field label="Name" error={form.problems.name}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="name" aria-invalid={invalid} aria-describedby={describedBy} />
        )}
      </Field>
      <Field label="Email" error={form.problems.email}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="email" aria-invalid={invalid} aria-describedby={describedBy} />
        )}
      </Field>
      <button type="submit">Send</button>
    </form>
  )
}

afterEach(cleanup)

describe('a light form', () => {
  it('marks each problem at its field, focuses the first, checks again as fields are corrected, and sends what the schema gives', async () => {
    const sent: unknown[] = []
    render(<Harness sent={(values) => sent.push(values)} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')))
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } })
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false'))
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(sent).toEqual([{ name: 'Ana', email: 'ana@example.com' }]))
  })

  it('puts a server’s issues at their fields and keeps what was typed', async () => {
    const failure = new ApiRequestError(422, 'Invalid request', [
      { path: ['body', 'email'], message: 'This address cannot receive mail' },
    ])
    render(<Harness failure={failure} sent={() => undefined} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByText('This address cannot receive mail')).toBeTruthy())
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ana@example.com')
  })

  it('says how long to wait when the server throttles, in the form’s alert', async () => {
    render(
      <Harness
        failure={new ApiRequestError(429, 'Too many messages. Try again later.', [], 120)}
        sent={() => undefined}
      />,
    )
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many messages. Try again in 2 minutes.'),
    )
  })
})

describe('serverProblems', () => {
  it('places nested issues under a listed field and leaves other issues to the alert', () => {
    const error = new ApiRequestError(422, 'Invalid request', [
      { path: ['body', 'members', 0, 'firstName'], message: 'Required' },
      { path: ['body', 'coupon'], message: 'Unknown coupon' },
    ])
    expect(serverProblems(error, ['members'])).toEqual({
      placed: [['members.0.firstName', 'Required']],
      message: undefined,
    })
    expect(serverProblems(error, ['email'])).toEqual({ placed: [], message: 'Invalid request' })
    expect(serverProblems(new Error('Network down'), ['email'])).toEqual({ placed: [], message: 'Network down' })
  })
})
