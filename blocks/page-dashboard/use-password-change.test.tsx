// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { hookFrame, answerAll } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePasswordChange } from './use-password-change.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Frame = hookFrame()
const server = answerAll

function changing() {
  const onClose = vi.fn()
  const { result } = renderHook(() => usePasswordChange({ saved: 'Your password is changed.', onClose }), {
    wrapper: Frame,
  })
  return { result, onClose }
}
type Result = ReturnType<typeof changing>['result']
function type(result: Result, confirm = 'Longer-pass-12') {
  result.current.form.setValue('currentPassword', 'old-password-1')
  result.current.form.setValue('password', 'Longer-pass-12')
  result.current.form.setValue('confirm', confirm)
}

describe('changing the password', () => {
  it('sends the current and the new password (not the confirmation), then closes with the server’s word', async () => {
    const sent = server(200, { ok: true, message: 'Password changed. Other devices are signed out.' })
    const { result, onClose } = changing()
    type(result)
    await act(() => result.current.submit())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(sent).toEqual([{ currentPassword: 'old-password-1', password: 'Longer-pass-12' }])
    expect(await screen.findByText('Password changed. Other devices are signed out.')).toBeTruthy()
  })

  it('two passwords that differ: the problem at the confirmation, nothing sent, everything kept', async () => {
    const sent = server(200, { ok: true })
    const { result } = changing()
    type(result, 'Longer-pass-13')
    await act(() => result.current.submit())
    expect(result.current.form.getFieldState('confirm').error?.message).toBe('The two passwords differ')
    expect(result.current.form.getValues('password')).toBe('Longer-pass-12')
    expect(sent).toEqual([])
  })

  it('a wrong current password: said at its field, the dialog open', async () => {
    server(400, {
      message: 'Invalid request',
      issues: [{ path: ['body', 'currentPassword'], message: 'The current password is not right' }],
    })
    const { result, onClose } = changing()
    type(result)
    await act(() => result.current.submit())
    await waitFor(() =>
      expect(result.current.form.getFieldState('currentPassword').error?.message).toBe(
        'The current password is not right',
      ),
    )
    expect(result.current.problem).toBeUndefined()
    expect(result.current.busy).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('refused as a whole: the server’s message in the alert', async () => {
    server(429, { message: 'Too many attempts. Try again later.' })
    const { result } = changing()
    type(result)
    await act(() => result.current.submit())
    await waitFor(() => expect(result.current.problem).toBe('Too many attempts. Try again later.'))
  })

  it('shows the passwords as typed when asked', () => {
    const { result } = changing()
    expect(result.current.shown).toBe(false)
    act(() => result.current.show(true))
    expect(result.current.shown).toBe(true)
  })
})
