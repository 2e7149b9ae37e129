// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { hookFrame, answerAll } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { memberFixture } from './fixtures.ts'
import { useCardUpdate } from './use-card-update.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Frame = hookFrame()
const server = answerAll
const fields = (tokenize: CardFieldsHandle['tokenize']): CardFieldsHandle => ({ tokenize, focus: () => undefined })
const token = () =>
  Promise.resolve({
    source: 'sandbox-card-fields' as const,
    type: 'token' as const,
    token: 'tok_mastercard',
    brand: 'Mastercard',
    last4: '5454',
    expMonth: 1,
    expYear: 2031,
  })

function updating() {
  const onClose = vi.fn()
  const { result } = renderHook(() => useCardUpdate({ onClose }), { wrapper: Frame })
  return { result, onClose }
}

describe('replacing the card on file', () => {
  it('sends the processor’s token only, then closes', async () => {
    const sent = server(200, {
      ...memberFixture,
      paymentMethod: { brand: 'Mastercard', last4: '5454', expMonth: 1, expYear: 2031 },
    })
    const { result, onClose } = updating()
    result.current.fields.current = fields(token)
    await act(() => result.current.save())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(sent).toEqual([{ cardToken: 'tok_mastercard' }])
  })

  it('a card the fields refuse: their reason in the alert, nothing sent, and it may be tried again', async () => {
    const sent = server(200, memberFixture)
    const { result, onClose } = updating()
    result.current.fields.current = fields(() => Promise.reject(new Error('Your card number is incomplete.')))
    await act(() => result.current.save())
    expect(result.current.problem).toBe('Your card number is incomplete.')
    expect(result.current.saving).toBe(false)
    expect(sent).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('declined by the server: its reason in the alert, the dialog open', async () => {
    server(402, { message: 'The card was declined.' })
    const { result, onClose } = updating()
    result.current.fields.current = fields(token)
    await act(() => result.current.save())
    await waitFor(() => expect(result.current.problem).toBe('The card was declined.'))
    expect(result.current.saving).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })
})
