import { useCallback, useEffect, useRef, useState } from 'react'
import { SESSION_KEEP_ALIVE_MS } from './session-limits.ts'

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'visibilitychange'] as const
/** How often the idle clock is checked. */
export const IDLE_CHECK_MS = 5_000

export interface IdleLimits {
  /** Run the checks only while this is true (a signed-in member). */
  active: boolean
  /** Idle past this: sign out and go to the member login. */
  authMs: number
  /** Idle past this (longer): sign out, go to the member login and reload the page. */
  sessionMs: number
  /** How long before the sign-out a warning shows (none when 0 or absent: WCAG 2.2.6). */
  warnMs?: number | undefined
  onAuthIdle: () => void
  onSessionIdle: () => void
  /** Called on activity at most every SESSION_KEEP_ALIVE_MS while signed in: touches the server's session. */
  keepAlive?: (() => void) | undefined
}

export interface IdleState {
  /** While the warning shows: when (epoch milliseconds) the member will be signed out. */
  signOutAt: number | undefined
  /** The member chose to stay: the clock starts again and the warning closes. */
  stay: () => void
}

/**
 * The idle limits of a signed-in member (specification, section 4). Activity anywhere on the page
 * restarts the clock, until the warning shows: from then on only the member's answer to it does
 * (a mouse passing over the page is not an answer). The checks run in the browser only.
 */
export function useIdleSignOut({
  active,
  authMs,
  sessionMs,
  warnMs = 0,
  onAuthIdle,
  onSessionIdle,
  keepAlive,
}: IdleLimits): IdleState {
  const handlers = useRef({ onAuthIdle, onSessionIdle, keepAlive })
  useEffect(() => {
    handlers.current = { onAuthIdle, onSessionIdle, keepAlive }
  })
  // The short limit signs the member out, which makes `active` false; the clock must keep
  // running until the long limit reloads the page, so signing out by idleness keeps it armed.
  const [armed, setArmed] = useState(false)
  const [signOutAt, setSignOutAt] = useState<number>()
  const clock = useRef({ last: 0, warned: false })
  const running = active || armed

  useEffect(() => {
    if (!running) return undefined
    clock.current = { last: Date.now(), warned: false }
    let signedOut = false
    let toldServer = Date.now()
    const touch = () => {
      if (clock.current.warned) return
      const now = Date.now()
      clock.current.last = now
      if (!signedOut && now - toldServer >= SESSION_KEEP_ALIVE_MS) {
        toldServer = now
        handlers.current.keepAlive?.()
      }
    }
    const check = () => {
      const idle = Date.now() - clock.current.last
      if (idle >= sessionMs) {
        window.clearInterval(timer)
        setArmed(false)
        handlers.current.onSessionIdle()
      } else if (idle >= authMs && !signedOut) {
        signedOut = true
        setSignOutAt(undefined)
        setArmed(true)
        handlers.current.onAuthIdle()
      } else if (warnMs > 0 && idle >= authMs - warnMs && !signedOut && !clock.current.warned) {
        clock.current.warned = true
        setSignOutAt(clock.current.last + authMs)
      }
    }
    for (const event of ACTIVITY) window.addEventListener(event, touch, { passive: true })
    // Checked often enough that the warning has its full time, and the sign-out is on time.
    const timer = window.setInterval(check, Math.min(IDLE_CHECK_MS, authMs, warnMs > 0 ? warnMs / 4 : Infinity))
    return () => {
      window.clearInterval(timer)
      setSignOutAt(undefined)
      for (const event of ACTIVITY) window.removeEventListener(event, touch)
    }
  }, [running, authMs, sessionMs, warnMs])

  const stay = useCallback(() => {
    clock.current = { last: Date.now(), warned: false }
    setSignOutAt(undefined)
  }, [])
  return { signOutAt, stay }
}
