/**
 * Work the page does once it has loaded and the browser is idle (code fetched ahead, a form's
 * schema, monitoring), one piece at a time: each runs in an idle period of its own, and the next
 * waits until the code it loaded has run. Started together, their imports ran in the same idle
 * task and their modules one after another, 100 to 160 ms of a phone's main thread at once
 * (Lighthouse's total blocking time, and a tap's wait).
 */
type Work = () => unknown

/** A piece whose promise has not settled by then (a fetch that hangs) no longer holds the rest. */
const PIECE_MS = 10_000

const waiting: { work: Work; cancelled: boolean }[] = []
let busy = false

function whenIdle(run: () => void) {
  // Safari has no requestIdleCallback.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 })
  else setTimeout(run, 1)
}

function next() {
  // Without a document (a page torn down, a test's browser gone) nothing is left to fetch ahead.
  if (busy || typeof document === 'undefined') return
  const entry = waiting.shift()
  if (!entry) return
  busy = true
  whenIdle(() => {
    const done = () => {
      busy = false
      next()
    }
    if (entry.cancelled) return done()
    let timer: ReturnType<typeof setTimeout> | undefined
    void Promise.race([
      Promise.resolve().then(entry.work),
      new Promise((resolve) => (timer = setTimeout(resolve, PIECE_MS))),
    ])
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer)
        done()
      })
  })
}

/**
 * Runs `work` once the page has loaded and the browser is idle, after the work queued before it
 * (a promise it answers is awaited; a failure is the work's own to report); answers a function
 * that cancels it.
 */
export function afterLoadAndIdle(work: Work): () => void {
  const entry = { work, cancelled: false }
  const queue = () => {
    waiting.push(entry)
    next()
  }
  if (document.readyState === 'complete') queue()
  else window.addEventListener('load', queue, { once: true })
  return () => {
    entry.cancelled = true
    window.removeEventListener('load', queue)
  }
}
