/** A full reload is not repeated within this time, so a broken deployment cannot loop. */
export const RELOAD_GUARD_MS = 10_000
const GUARD_KEY = 'engine:last-reload'

/**
 * Reloads the page at `target` (the route being opened), unless the page was reloaded this
 * way less than ten seconds ago. Returns whether it reloads.
 */
export function reloadAt(target: string, now: number = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(GUARD_KEY)) || 0
    if (now - last < RELOAD_GUARD_MS) return false
    window.sessionStorage.setItem(GUARD_KEY, String(now))
  } catch {
    // Without storage there is no guard; reload anyway, the browser's own back-off applies.
  }
  window.location.assign(target)
  return true
}

/** A failed dynamic import: a chunk of an older build that the server no longer has. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  )
}
