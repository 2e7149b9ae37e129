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
  const due = new Map<number, [at: number, callback: TimeoutCallback]>()
  let lastId = 0
  let armedAt = Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  // The earliest deadline armed (none when nothing is due: Math.min() is Infinity).
  const arm = () => {
    const at = Math.min(...[...due.values()].map(([when]) => when))
    if (at >= armedAt) return
    clearTimeout(timer)
    armedAt = at
    timer = setTimeout(fire, at - clock())
  }
  const fire = () => {
    armedAt = Infinity
    for (const [id, [at, callback]] of due)
      if (at <= clock()) {
        due.delete(id)
        callback()
      }
    arm()
  }
  return {
    setTimeout: (callback, delay) => {
      if (!(delay >= COALESCE_FROM_MS)) return setTimeout(callback, delay)
      due.set(--lastId, [Math.ceil((clock() + delay) / COALESCE_STEP_MS) * COALESCE_STEP_MS, callback])
      arm()
      return lastId
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
