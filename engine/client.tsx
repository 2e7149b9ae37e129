import { hydrate, timeoutManager } from '@tanstack/react-query'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { RouterProvider, type HydrationState } from 'react-router-dom'
import { afterLoadAndIdle } from './after-load.ts'
import { beforeHydration } from './before-hydration.ts'
import { createEngineRouter } from './browser-router.ts'
import { browserSources, sanitisedAtSource } from './browser-sources.ts'
import { startBuildCheck } from './build-check.ts'
import { defaultMode } from './engine-context.tsx'
import { leaveFirstPage } from './block-code.ts'
import { hydrationProps } from './carried-props.ts'
import { createQueryClient, EngineRoot } from './engine-root.tsx'
import { pageState, readEngineState } from './engine-state.ts'
import { prefetchAllowed } from './prefetch.tsx'
import { previewVersionInBrowser } from './preview.ts'
import { queryTimers } from './query-timers.ts'
import type { BlockRegistry } from './registry.ts'
import { isChunkLoadError, reloadAt } from './reload-guard.ts'
import { createPathTo } from './paths.ts'
import { createRoutes } from './routes.tsx'
import { loadErrorView } from './route-error.tsx'
import { basenameOf } from './locale.ts'
import type { SiteDefinition, SiteManifest } from './site.ts'

// As the engine's browser code loads, before any query exists: a provider's timers cannot be cleared by another's.
timeoutManager.setTimeoutProvider(queryTimers)

export interface HydrateOptions {
  manifest: SiteManifest
  registry: BlockRegistry
  site: SiteDefinition
  /** The element the server rendered into. */
  container: HTMLElement
}

/**
 * Hydrates the server-rendered page: restores the query cache the server filled (content and
 * session are not fetched again), loads the chunks of the blocks that rendered (the document
 * already preloaded them), then hydrates the router.
 */
export async function hydrateSite({
  manifest,
  registry,
  site,
  container,
}: HydrateOptions): Promise<{ dispose: () => void }> {
  const state = readEngineState(pageState(document))
  // The page's language, as the server wrote it: a locale other than the default is the router's basename.
  const defaultLocale = site.locales?.default ?? 'en'
  const locale = document.documentElement.lang || defaultLocale
  const basename = basenameOf(locale, defaultLocale)
  // Remember a version named in the address, so preview mode survives navigation.
  previewVersionInBrowser(new URL(window.location.href))
  const queryClient = createQueryClient()
  const sources = browserSources(site, locale === defaultLocale ? undefined : locale)
  hydrate(queryClient, state.dehydrated)
  // The blocks hydrate with the props the server checked: their schemas (and zod) load afterwards,
  // when the page is idle, for the first props the browser checks itself.
  await registry.preload(state.blocks, { schemas: false })
  // Parts of those blocks that load code of their own before the page hydrates (the Login dropdown).
  await beforeHydration()

  // The routes' data the server rendered with (react-router's `StaticRouterProvider` writes it).
  const hydration = (Reflect.get(window, '__staticRouterHydrationData') ?? {}) as HydrationState
  // A failed page (a 404) hydrates with its error view's code, as the server rendered it.
  if (hydration.errors) hydration.errors = (await loadErrorView()).readServerErrors(hydration.errors)
  const router = createEngineRouter(
    createRoutes({
      manifest,
      registry,
      site,
      data: () => ({
        queryClient,
        sources,
        previewVersion: (request) => previewVersionInBrowser(new URL(request.url)),
        recheckSession: true,
        basename,
      }),
      onChunkLoadError: (error, target) => {
        if (!isChunkLoadError(error) || !reloadAt(target)) throw error
      },
    }),
    hydration,
    basename,
  ).initialize()
  // Vite's preload helper reports a failed load of a newer build's chunk here. During a navigation
  // the route's loader gets the error and reloads at the page being opened (onChunkLoadError).
  window.addEventListener('vite:preloadError', (event) => {
    if (router.state.navigation.state !== 'idle') return
    if (reloadAt(window.location.href)) event.preventDefault()
  })
  const carriedProps = hydrationProps(state.props, state.static, state.texts)
  // Blocks that mount after the first navigation check their own props.
  const stopCarrying = router.subscribe((next) => {
    if (next.navigation.state === 'idle') return
    carriedProps.finish?.()
    leaveFirstPage()
  })
  const stopBuildCheck = startBuildCheck(state.config.buildId)
  const stopSchemaPreload = prefetchAllowed()
    ? afterLoadAndIdle(async () => {
        // Fetched, not run: the first props the browser checks itself run them.
        const { preloadFirstPage } = await import('./block-preload.ts')
        if (!(await preloadFirstPage(state.config.buildId, state.blocks))) await registry.preload(state.blocks)
      })
    : () => undefined

  const app = (
    <StrictMode>
      <EngineRoot
        engine={{
          registry,
          site,
          mode: defaultMode,
          config: state.config,
          sources,
          pathTo: createPathTo(manifest),
          sanitize: sanitisedAtSource,
          carriedProps,
          locale,
        }}
        queryClient={queryClient}
      >
        <RouterProvider router={router} />
      </EngineRoot>
    </StrictMode>
  )
  // Hydration as a transition: React works in slices and lets the browser handle input and paint
  // between them, instead of one long task (Lighthouse's total blocking time). The page is already
  // on screen from the server's HTML; a click before hydration reaches it is replayed after.
  let root: Root | undefined
  startTransition(() => {
    root = hydrateRoot(container, app)
  })
  return {
    /** Stops the page (tests, and tools that embed it). */
    dispose: () => {
      stopBuildCheck()
      stopSchemaPreload()
      stopCarrying()
      root?.unmount()
    },
  }
}
