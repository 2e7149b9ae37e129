// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_KEEP_ALIVE_MS } from './session-limits.ts'
import { useIdleSignOut, type IdleLimits } from './use-idle.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Probe(props: IdleLimits) {
  useIdleSignOut(props)
  return null
}

const limits = (overrides: Partial<IdleLimits> = {}): IdleLimits => ({
  active: true,
  authMs: 60_000,
  sessionMs: 180_000,
  onAuthIdle: vi.fn(),
  onSessionIdle: vi.fn(),
  ...overrides,
})

describe('the idle limits of a signed-in member', () => {
  it('tells the server of activity at most once a keep-alive interval, and not at all while idle', () => {
    const keepAlive = vi.fn()
    render(<Probe {...limits({ authMs: 15 * 60_000, sessionMs: 60 * 60_000, keepAlive })} />)
    fireEvent.keyDown(window)
    expect(keepAlive).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SESSION_KEEP_ALIVE_MS)
    fireEvent.pointerDown(window)
    fireEvent.scroll(window)
    expect(keepAlive).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(SESSION_KEEP_ALIVE_MS / 2)
    fireEvent.keyDown(window)
    expect(keepAlive).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5 * SESSION_KEEP_ALIVE_MS)
    expect(keepAlive).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(window)
    expect(keepAlive).toHaveBeenCalledTimes(2)
  })

  it('signs out after the shorter limit, and reloads after the longer one', () => {
    const props = limits()
    render(<Probe {...props} />)
    vi.advanceTimersByTime(55_000)
    expect(props.onAuthIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(props.onAuthIdle).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(120_000)
    expect(props.onAuthIdle).toHaveBeenCalledTimes(1)
    expect(props.onSessionIdle).toHaveBeenCalledTimes(1)
  })

  it('keeps the long limit running after the short one has signed the member out (the site stops being "active")', () => {
    const onAuthIdle = vi.fn()
    const onSessionIdle = vi.fn()
    // Wired as the site wires it: signing out makes `active` false on the next render.
    function Site() {
      const [signedIn, setSignedIn] = useState(true)
      useIdleSignOut({
        active: signedIn,
        authMs: 60_000,
        sessionMs: 180_000,
        onAuthIdle: () => (onAuthIdle(), setSignedIn(false)),
        onSessionIdle,
      })
      return <p>{signedIn ? 'signed in' : 'signed out'}</p>
    }
    render(<Site />)
    act(() => vi.advanceTimersByTime(65_000))
    expect(onAuthIdle).toHaveBeenCalledTimes(1)
    expect(screen.getByText('signed out')).toBeTruthy()
    act(() => vi.advanceTimersByTime(120_000))
    expect(onSessionIdle).toHaveBeenCalledTimes(1)
  })

  it('restarts the clock on activity', () => {
    const props = limits()
    render(<Probe {...props} />)
    vi.advanceTimersByTime(50_000)
    fireEvent.keyDown(window, { key: 'a' })
    vi.advanceTimersByTime(50_000)
    expect(props.onAuthIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(15_000)
    expect(props.onAuthIdle).toHaveBeenCalledTimes(1)
  })

  it('does nothing for a visitor who is not signed in', () => {
    const props = limits({ active: false })
    render(<Probe {...props} />)
    vi.advanceTimersByTime(1_000_000)
    expect(props.onAuthIdle).not.toHaveBeenCalled()
    expect(props.onSessionIdle).not.toHaveBeenCalled()
  })
})

describe('the warning before the idle sign-out', () => {
  function Warned(props: IdleLimits) {
    const { signOutAt, stay } = useIdleSignOut(props)
    return signOutAt === undefined ? (
      <p>no warning</p>
    ) : (
      <button type="button" onClick={stay}>
        {`signed out at ${signOutAt}`}
      </button>
    )
  }

  it('shows the warning its time before the sign-out, with when it happens; passing activity does not dismiss it', () => {
    const props = limits({ authMs: 600_000, sessionMs: 1_800_000, warnMs: 120_000 })
    const started = Date.now()
    render(<Warned {...props} />)
    act(() => vi.advanceTimersByTime(470_000))
    expect(screen.getByText('no warning')).toBeTruthy()
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByRole('button').textContent).toBe(`signed out at ${started + 600_000}`)
    fireEvent.pointerMove(window)
    act(() => vi.advanceTimersByTime(125_000))
    expect(props.onAuthIdle).toHaveBeenCalledTimes(1)
    expect(screen.getByText('no warning')).toBeTruthy()
  })

  it('staying starts the clock again: no sign-out at the old time, a new warning later', () => {
    const props = limits({ authMs: 600_000, sessionMs: 1_800_000, warnMs: 120_000 })
    render(<Warned {...props} />)
    act(() => vi.advanceTimersByTime(485_000))
    fireEvent.click(screen.getByRole('button'))
    expect(screen.getByText('no warning')).toBeTruthy()
    act(() => vi.advanceTimersByTime(400_000))
    expect(props.onAuthIdle).not.toHaveBeenCalled()
    expect(screen.getByText('no warning')).toBeTruthy()
    act(() => vi.advanceTimersByTime(90_000))
    expect(screen.getByRole('button')).toBeTruthy()
    act(() => vi.advanceTimersByTime(125_000))
    expect(props.onAuthIdle).toHaveBeenCalledTimes(1)
  })
})
