import { reloadAt } from './reload-guard.ts'

export const BUILD_CHECK_PATH = '/builds/latest.json'
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000

/**
 * Checks now and then (and when the tab comes back) whether a new build is deployed; a new
 * build id reloads the page, so a visitor never runs against chunks that are gone.
 */
export function startBuildCheck(currentId: string, interval = BUILD_CHECK_INTERVAL_MS): () => void {
  const check = async () => {
    try {
      const response = await fetch(BUILD_CHECK_PATH, { cache: 'no-store' })
      if (!response.ok) return
      // The answer's schema (and zod) load with the first check, minutes after the page started.
      const { buildInfoSchema } = await import('#schemas/engine/engine-api.ts')
      const latest = buildInfoSchema.safeParse(await response.json())
      if (latest.success && latest.data.id !== currentId) reloadAt(window.location.href)
    } catch {
      // Offline or the server restarting: try again at the next tick.
    }
  }
  const timer = window.setInterval(() => void check(), interval)
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check()
  }
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    window.clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
