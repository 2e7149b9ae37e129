import { useState } from 'react'

/**
 * True from the first render in which `condition` is true, for good: a part whose code loads when
 * first needed (the toaster, the loading overlay) stays mounted after, so it can close as it opened.
 */
export function useLatched(condition: boolean): boolean {
  const [latched, setLatched] = useState(false)
  if (condition && !latched) setLatched(true)
  return latched || condition
}
