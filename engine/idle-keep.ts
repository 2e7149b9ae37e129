/** The engine's entry for a form kept over an idle sign-out (`#engine/idle`): not in `#engine`, so the start of every page does not carry it. */
import { useEffect, useRef } from 'react'

/** What pages keep before an idle sign-out (a form's typed values), run just before it. */
const keepers = new Set<{ current: () => void }>()

/**
 * Runs `keep` just before the member is signed out for idleness (and not otherwise), so a page
 * can put what was typed aside (sessionStorage) and give it back after the member signs in again.
 */
export function useBeforeIdleSignOut(keep: () => void): void {
  const latest = useRef(keep)
  useEffect(() => {
    latest.current = keep
  })
  useEffect(() => {
    const entry = latest
    keepers.add(entry)
    return () => {
      keepers.delete(entry)
    }
  }, [])
}

/** Lets each page keep what it keeps; one that fails does not stop the sign-out. */
export function keepBeforeIdleSignOut(): void {
  for (const keeper of keepers) {
    try {
      keeper.current()
    } catch {
      // Storage full or disabled: the sign-out goes on; the text is lost as it was before.
    }
  }
}
