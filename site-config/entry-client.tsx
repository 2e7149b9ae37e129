import { isChunkLoadError, reloadAt } from '#engine/reload-guard'
import './styles.css'

/** Lets the browser take the main thread (input, paint) before the next part of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The page starts in parts, each evaluated in a task of its own: the engine (React, the router),
 * then the site's manifest and blocks, then hydration (itself in slices). Evaluated at once, the
 * same code was one task of about 200 ms on a phone-speed CPU (Lighthouse, 4× slowdown), most of
 * it zod making schemas; in parts, the browser can answer a tap between them. The server preloads
 * every part with the page (server/assets.ts), so splitting costs no round trip.
 */
async function start(container: HTMLElement) {
  const { hydrateSite } = await import('#engine/client')
  await nextTask()
  const [{ manifest }, { registry }, { site }] = await Promise.all([
    import('./manifest.ts'),
    import('./registry.ts'),
    import('./site.ts'),
  ])
  await nextTask()
  await hydrateSite({ manifest, registry, site, container })
}

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to hydrate')
start(container).catch((error: unknown) => {
  // A part that cannot be loaded (a chunk of an older build, deleted by a deployment): the page
  // loads once more, from the new build (not again within ten seconds).
  if (isChunkLoadError(error) && reloadAt(window.location.href)) return
  throw error
})
