// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { TextField, useZodForm } from './form.tsx'

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Required')),
  email: z.email('Enter a valid email address'),
  plan: z.string(),
})

/** A checkout-like form with defaults, as the server renders it and the browser hydrates it. */
function Account({ sent }: { sent: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { name: 'Ana', email: '', plan: 'family' })
  return (
    <form aria-label="Account" noValidate onSubmit={(event) => void form.handleSubmit(sent)(event)}>
      <TextField form={form} name="name" label="Name" />
      <TextField form={form} name="email" label="Email" type="email" />
      <label>
        Plan
        <select {...form.register('plan')}>
          <option value="">Choose a plan</option>
          <option value="single">Single</option>
          <option value="family">Family</option>
        </select>
      </label>
      <button type="submit">Continue</button>
    </form>
  )
}

describe('a member form hydrating', () => {
  it('keeps what was typed and chosen in the server’s HTML before hydration, and sends it', async () => {
    const sent: unknown[] = []
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Account sent={() => undefined} />)
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')
    const plan = container.querySelector<HTMLSelectElement>('select[name="plan"]')
    if (!email || !name || !plan) throw new Error('no fields in the server HTML')
    email.value = 'ana@example.com'
    name.value = 'Ana María'
    plan.value = 'single'
    const root = hydrateRoot(container, <Account sent={(values) => sent.push(values)} />)
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ana@example.com'))
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana María')
    expect(screen.getByLabelText<HTMLSelectElement>('Plan').value).toBe('single')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(sent).toEqual([{ name: 'Ana María', email: 'ana@example.com', plan: 'single' }]))
    root.unmount()
    container.remove()
  })

  it('fills its fields from their values when nothing was typed before hydration, a select without a chosen option too', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Account sent={() => undefined} />)
    const root = hydrateRoot(container, <Account sent={() => undefined} />)
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Plan').value).toBe('family'))
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ana')
    root.unmount()
    container.remove()
  })
})
