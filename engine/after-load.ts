/** Runs `run` once the page has loaded and the browser is idle; answers a function that cancels it. */
export function afterLoadAndIdle(run: () => void): () => void {
  let cancelled = false
  const idle = () => {
    if (cancelled) return
    // Safari has no requestIdleCallback.
    const task = () => !cancelled && run()
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5000 })
    else window.setTimeout(task, 1)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', idle)
  }
}
