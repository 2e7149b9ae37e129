// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { hookFrame, answerAll } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useGrievanceForm } from './use-grievance-form.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Frame = hookFrame('/grievance-form')

const correctFields = 'Correct the fields marked below.'
const render = () => renderHook(() => useGrievanceForm({ email: undefined, correctFields }), { wrapper: Frame }).result

const server = answerAll

const receipt = {
  reference: 'GRV-2026-0A1B2C3D',
  acknowledgeDays: 5,
  resolveDays: 30,
  acknowledgeBy: '2026-11-10',
  resolveBy: '2026-12-05',
  urgent: false,
  message: 'We have your grievance.',
}
const description = 'The office charged the full fee instead of the member fee.'

/** Types a whole grievance, then asks for its review. */
async function reviewed(result: ReturnType<typeof render>) {
  const { form } = result.current
  form.setValue('name', 'Jordan Rivera')
  form.setValue('email', 'jordan@example.com')
  form.setValue('category', 'billing')
  form.setValue('description', description)
  form.setValue('desiredResolution', 'Refund the difference.')
  await act(() => result.current.review())
}

describe('the grievance form’s state', () => {
  it('stays at the form while a field is wrong, keeping what was typed, then reviews what was checked', async () => {
    const result = render()
    result.current.form.setValue('name', 'Jordan Rivera')
    await act(() => result.current.review())
    expect(result.current.step).toBe('form')
    expect(result.current.form.getFieldState('description').error?.message).toBe(
      'Describe what happened (at least 20 characters)',
    )
    expect(result.current.form.getValues('name')).toBe('Jordan Rivera')

    await reviewed(result)
    expect(result.current.step).toBe('review')
    expect(result.current.reviewed).toMatchObject({ name: 'Jordan Rivera', category: 'billing', description })
  })

  it('goes back from the review to the form with everything typed', async () => {
    const result = render()
    await reviewed(result)
    act(() => result.current.edit())
    expect(result.current.step).toBe('form')
    expect(result.current.form.getValues('description')).toBe(description)
  })

  it('sends nothing before the review', async () => {
    const sent = server(201, receipt)
    const result = render()
    await act(async () => {
      result.current.send()
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(sent).toEqual([])
    expect(result.current.sending).toBe(false)
  })

  it('counts the files chosen before against the limit of three', async () => {
    const png = (name: string) => new File(['png'], name, { type: 'image/png' })
    const result = render()
    await act(() => result.current.attach([png('one.png'), png('two.png')]))
    await act(() => result.current.attach([png('three.png'), png('four.png')]))
    expect(result.current.files.map((file) => file.name)).toEqual(['one.png', 'two.png', 'three.png'])
    expect(result.current.fileError).toBe('four.png: attach at most 3 files.')
    act(() => result.current.remove(1))
    expect(result.current.files.map((file) => file.name)).toEqual(['one.png', 'three.png'])
  })

  it('files the grievance reviewed with its attachments, then shows the acknowledgement', async () => {
    const sent = server(201, receipt)
    const result = render()
    await act(() =>
      result.current.attach([
        new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }),
        new File(['notes'], 'notes.txt', { type: 'text/plain' }),
      ]),
    )
    expect(result.current.files.map((file) => file.name)).toEqual(['bill.pdf'])
    expect(result.current.fileError).toBe('notes.txt is not a PDF, JPEG or PNG file.')
    await reviewed(result)
    act(() => result.current.send())
    await waitFor(() => expect(result.current.step).toBe('done'))
    expect(result.current.receipt).toEqual(receipt)
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Jordan Rivera',
        attachments: [{ name: 'bill.pdf', type: 'application/pdf', dataBase64: btoa('%PDF-1.4') }],
      }),
    ])
  })

  it('refused at a field: back to the form, the problem at its field and the alert, everything typed kept', async () => {
    server(400, {
      message: 'Invalid request',
      issues: [{ path: ['body', 'description'], message: 'Say more about what happened' }],
    })
    const result = render()
    await reviewed(result)
    act(() => result.current.send())
    await waitFor(() => expect(result.current.step).toBe('form'))
    expect(result.current.problem).toBe(correctFields)
    expect(result.current.form.getFieldState('description').error?.message).toBe('Say more about what happened')
    expect(result.current.form.getValues('description')).toBe(description)
    expect(result.current.sending).toBe(false)
  })

  it('refused for an attachment: back to the form, the problem at the file field', async () => {
    server(400, {
      message: 'Invalid request',
      issues: [{ path: ['body', 'attachments', 0, 'dataBase64'], message: 'The file is not base64' }],
    })
    const result = render()
    await reviewed(result)
    act(() => result.current.send())
    await waitFor(() => expect(result.current.step).toBe('form'))
    expect(result.current.fileError).toBe('The file is not base64')
    expect(result.current.problem).toBe('Invalid request')
  })

  it('refused as a whole (throttled): the server’s message in the alert', async () => {
    server(503, { message: 'The service is busy. Try again later.' })
    const result = render()
    await reviewed(result)
    act(() => result.current.send())
    await waitFor(() => expect(result.current.problem).toBe('The service is busy. Try again later.'))
    expect(result.current.step).toBe('form')
  })
})
