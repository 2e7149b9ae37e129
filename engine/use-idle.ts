import { useEffect, useRef, useState } from 'react'

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
  onAuthIdle: () => void
  onSessionIdle: () => void
}

/**
 * The idle limits of a signed-in member (specification, section 4). Activity anywhere on the page
 * restarts the clock; the checks run in the browser only.
 */
export function useIdleSignOut({ active, authMs, sessionMs, onAuthIdle, onSessionIdle }: IdleLimits): void {
  const handlers = useRef({ onAuthIdle, onSessionIdle })
  useEffect(() => {
    handlers.current = { onAuthIdle, onSessionIdle }
  })
  // The short limit signs the member out, which makes `active` false; the clock must keep
  // running until the long limit reloads the page, so signing out by idleness keeps it armed.
  const [armed, setArmed] = useState(false)
  const running = active || armed

  useEffect(() => {
    if (!running) return undefined
    let last = Date.now()
    let signedOut = false
    const touch = () => {
      last = Date.now()
    }
    const check = () => {
      const idle = Date.now() - last
      if (idle >= sessionMs) {
        window.clearInterval(timer)
        setArmed(false)
        handlers.current.onSessionIdle()
      } else if (idle >= authMs && !signedOut) {
        signedOut = true
        setArmed(true)
        handlers.current.onAuthIdle()
      }
    }
    for (const event of ACTIVITY) window.addEventListener(event, touch, { passive: true })
    const timer = window.setInterval(check, Math.min(IDLE_CHECK_MS, authMs))
    return () => {
      window.clearInterval(timer)
      for (const event of ACTIVITY) window.removeEventListener(event, touch)
    }
  }, [running, authMs, sessionMs])
}
