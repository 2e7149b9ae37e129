import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query'

/** Timers at least this long (a query's garbage collection, an observer's staleness) share one browser timer. */
export const COALESCE_FROM_MS = 1000
/** How late a shared timer may run: its deadline is rounded up to this. */
export const COALESCE_STEP_MS = 250

/**
 * React Query's timers (the TimeoutProvider its docs suggest for this), with the long ones on one
 * browser timer: due times rounded up to a quarter second, the earliest armed, the rest in a map.
 *
 * Why: a page hydrating with its server's data installs a garbage-collection timer per query and
 * a staleness timer per observer, about 50 on the dashboard, cleared again moments later. In a
 * trace (Lighthouse, DevTools' Performance panel) the browser records a stack with each timer it
 * installs, 1 to 3 ms at 4x CPU: 100 to 200 ms of /dashboard's measured blocking time was that
 * (bench/results.md, 2026-12-07). Short timers (retries, the 0 ms notifications) keep their own,
 * for their latency. Ids of shared timers are negative numbers (the browser's are positive), so clearing tells the two apart.
 */
export function sharedTimers(clock: () => number = () => Date.now()): TimeoutProvider {
  const due = new Map<number, { at: number; callback: TimeoutCallback }>()
  let nextId = 0
  let armed: { at: number; timer: ReturnType<typeof setTimeout> } | undefined

  const arm = () => {
    let earliest = Infinity
    for (const entry of due.values()) earliest = Math.min(earliest, entry.at)
    if (earliest === Infinity || (armed && armed.at <= earliest)) return
    if (armed) clearTimeout(armed.timer)
    armed = { at: earliest, timer: setTimeout(fire, Math.max(0, earliest - clock())) }
  }
  const fire = () => {
    armed = undefined
    const now = clock()
    for (const [id, entry] of due)
      if (entry.at <= now) {
        due.delete(id)
        entry.callback()
      }
    arm()
  }

  return {
    setTimeout: (callback, delay) => {
      if (!(delay >= COALESCE_FROM_MS)) return setTimeout(callback, delay)
      nextId -= 1
      due.set(nextId, { at: Math.ceil((clock() + delay) / COALESCE_STEP_MS) * COALESCE_STEP_MS, callback })
      arm()
      return nextId
    },
    clearTimeout: (id) => {
      if (typeof id === 'number' && id < 0) due.delete(id)
      else clearTimeout(id as Parameters<typeof clearTimeout>[0])
    },
    setInterval: (callback, delay) => setInterval(callback, delay),
    clearInterval: (id) => clearInterval(id as Parameters<typeof clearInterval>[0]),
  }
}

/** The browser's one provider (React Query warns when a second replaces the first). */
export const queryTimers = sharedTimers()
