// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { hookFrame } from '../../tests/hook-frame.tsx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memberFixture } from './fixtures.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { cancelledWords, useCancellation } from './use-cancellation.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Frame = hookFrame()
/** The server answers every request with `status` and `body`; it counts them. */
function server(status: number, body: unknown) {
  return vi
    .spyOn(window, 'fetch')
    .mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
    )
}

const settings = dashboardSettingsSchema.parse({})
const subscription = { ...memberFixture.subscription!, status: 'cancelled' as const }
const now = {
  kind: 'now',
  reason: 'refund_window',
  refundCents: 5990,
  endsAt: '2026-11-27T10:00:00.000Z',
  cardLast4: '4242',
} as const

function cancelling() {
  const onClose = vi.fn()
  const onCancelled = vi.fn()
  const { result } = renderHook(() => useCancellation({ settings, onClose, onCancelled }), { wrapper: Frame })
  return { result, onClose, onCancelled }
}

describe('cancelling the membership', () => {
  it('cancels, puts the membership in the dashboard, closes the dialog and says so with the refund', async () => {
    const fetch = server(200, { subscription, outcome: now })
    const { result, onClose, onCancelled } = cancelling()
    act(() => result.current.confirm())
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(onCancelled).toHaveBeenCalledWith(expect.anything(), subscription)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('$59.90 is refunded to the card ending 4242.')).toBeTruthy()
  })

  it('refused: the server’s reason in the dialog, which stays open; asking again clears it', async () => {
    server(409, { message: 'Your membership is being renewed. Try again in a minute.' })
    const { result, onClose } = cancelling()
    act(() => result.current.confirm())
    await waitFor(() => expect(result.current.problem).toBe('Your membership is being renewed. Try again in a minute.'))
    expect(result.current.pending).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
    act(() => result.current.confirm())
    expect(result.current.problem).toBeUndefined()
  })

  it('cancels once however often it is confirmed meanwhile', async () => {
    let answer = (_response: Response) => {}
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    )
    const { result, onClose } = cancelling()
    act(() => result.current.confirm())
    await waitFor(() => expect(result.current.pending).toBe(true))
    act(() => result.current.confirm())
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    answer(new Response(JSON.stringify({ subscription, outcome: now }), { status: 200 }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('what the toast says once cancelled', () => {
  it('today, with the refund and its card', () => {
    expect(cancelledWords({ subscription, outcome: now }, settings, 'en')).toEqual({
      summary: 'Your membership is cancelled.',
      detail: '$59.90 is refunded to the card ending 4242.',
    })
  })
  it('at the period’s end on its day, without a refund', () => {
    const words = cancelledWords(
      {
        subscription,
        outcome: {
          ...now,
          kind: 'at_period_end',
          reason: 'period_end',
          refundCents: 0,
          endsAt: '2026-12-05T08:00:00.000Z',
        },
      },
      settings,
      'en',
    )
    expect(words.summary).toContain('December 5, 2026')
    expect(words.detail).toBeUndefined()
  })
})
