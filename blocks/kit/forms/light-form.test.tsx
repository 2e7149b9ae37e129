// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiRequestError } from '#engine'
import { z } from '#schemas/engine/zod.ts'
import { Field, FormAlert } from './field.tsx'
import { TextInput } from './text-input.tsx'
import { useFormChanges } from './form-changes.ts'
import { formValues, useLightForm } from './light-form.ts'
import { serverProblems } from './server-problems.ts'

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

const addressSchema = z.object({
  name: z.string().check(z.minLength(1, 'Required')),
  address: z.object({ city: z.string().check(z.minLength(2, 'Enter the city')), zip: z.string() }),
})

/** A saved form with a nested address: Save waits for a change, and the saved text replaces the typed. */
function Details({ sent }: { sent: (values: z.output<typeof addressSchema>) => void }) {
  const form = useLightForm(() => Promise.resolve(addressSchema), ['name', 'address'])
  const changes = useFormChanges()
  const { changed, attach } = changes
  const submit = form.onSubmit((values, element) => {
    sent(values)
    changes.saved(element, { name: values.name.toUpperCase() })
  })
  return (
    <form
      ref={attach}
      aria-label="Details"
      noValidate
      onSubmit={(event) => void submit(event)}
      onChange={(event) => {
        form.onChange(event)
        changes.onChange(event)
      }}
    >
      <TextInput name="name" label="Name" error={form.problems.name} defaultValue="Ana" />
      <TextInput name="address.city" label="City" error={form.problems['address.city']} defaultValue="Fresno" />
      <TextInput name="address.zip" label="ZIP" error={form.problems['address.zip']} defaultValue="93650" />
      <button type="submit" disabled={!changed}>
        Save
      </button>
    </form>
  )
}

describe('a light form with nested fields and a save', () => {
  it('reads a dotted name as a nested value and marks a nested problem at its field', async () => {
    const sent: unknown[] = []
    render(<Details sent={(values) => sent.push(values)} />)
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' })
    expect(save.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'F' } })
    expect(save.disabled).toBe(false)
    fireEvent.click(save)
    await waitFor(() => expect(screen.getByText('Enter the city')).toBeTruthy())
    expect(document.activeElement).toBe(screen.getByLabelText('City'))
    expect(sent).toEqual([])
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Clovis' } })
    fireEvent.click(save)
    await waitFor(() => expect(sent).toEqual([{ name: 'Ana', address: { city: 'Clovis', zip: '93650' } }]))
  })

  it('after a save shows the saved text and waits for the next change; undoing a change disables Save again', async () => {
    render(<Details sent={() => undefined} />)
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' })
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '93611' } })
    expect(save.disabled).toBe(false)
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '93650' } })
    expect(save.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '93611' } })
    fireEvent.click(save)
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('ANA'))
    expect(save.disabled).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('ZIP').value).toBe('93611')
    fireEvent.change(screen.getByLabelText('ZIP'), { target: { value: '93612' } })
    expect(save.disabled).toBe(false)
  })

  it('takes what was typed into the server’s HTML before hydration as a change, and sends it', async () => {
    const sent: unknown[] = []
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Details sent={() => undefined} />)
    const city = container.querySelector<HTMLInputElement>('input[name="address.city"]')
    if (!city) throw new Error('no City field in the server HTML')
    city.value = 'Clovis'
    const root = hydrateRoot(container, <Details sent={(values) => sent.push(values)} />)
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false))
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' })
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Clovis')
    fireEvent.click(save)
    await waitFor(() => expect(sent).toEqual([{ name: 'Ana', address: { city: 'Clovis', zip: '93650' } }]))
    root.unmount()
    container.remove()
  })

  it('leaves out a field whose name could reach a prototype, and writes none', () => {
    const form = document.createElement('form')
    form.innerHTML =
      '<input name="__proto__.polluted" value="yes"><input name="a.constructor" value="x"><input name="b.c" value="kept">'
    const values = formValues(form)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
    expect(JSON.stringify(values)).toBe('{"b":{"c":"kept"}}')
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
