import { lazy, Suspense, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Outlet, ScrollRestoration, useLocation, useMatches, useParams } from 'react-router-dom'
import type { BlockContext } from './block-context.ts'
import { BlockSlot } from './block-slot.tsx'
import { useEngine } from './engine-context.tsx'
import { HeadContext } from './head.ts'
import { PreviewBanner } from './preview-banner.tsx'
import { NavigationProgress, PageMain } from './progress.tsx'
import { pageHandleOf } from './route-meta.ts'
import { ShellContext, usePreviewError, usePreviewVersion, useSession, useSiteContent } from './site-context.tsx'
import { useClientEffects } from './client-effects.ts'
import { useMonitoring } from './monitoring.ts'
import { useIdleSignOut } from './use-idle.ts'
import { useLogout } from './use-logout.ts'
import { keepBeforeIdleSignOut } from './idle-keep.ts'
import { sessionQuery } from './data-sources.ts'

const IdleWarning = lazy(() => import('./idle-warning.tsx'))
/** The warning shows this long before the idle sign-out. */
export const IDLE_WARNING_MS = 2 * 60_000

/**
 * Where the member returns after signing in again: this page, or, on the sign-in page itself
 * (the long limit reloads it), the page it already returns to.
 */
function returnPath(signInPath: string): string | undefined {
  const { pathname, search } = window.location
  if (pathname !== signInPath) return `${pathname}${search}`
  return new URLSearchParams(search).get('redirect') ?? undefined
}

const noEffects = () => undefined

/**
 * The root of every page: preview banner, the header variant of the content's layout,
 * the matched page, the footer variant.
 */
export function SiteShell() {
  const engine = useEngine()
  const content = useSiteContent()
  const session = useSession()
  const version = usePreviewVersion()
  const previewError = usePreviewError()
  const location = useLocation()
  const params = useParams()
  const matches = useMatches()
  const chrome = engine.site.chrome(content)
  useClientEffects(chrome.favicon)
  const useSiteEffects = engine.site.useEffects ?? noEffects
  useSiteEffects()
  useMonitoring(engine.config.monitoring, !chrome.tracking, location.pathname)
  const logout = useLogout()
  const queryClient = useQueryClient()
  const idleTexts = engine.site.idleWarning?.(content)
  const idle = useIdleSignOut({
    active: session.isAuthenticated,
    authMs: engine.config.idleAuthMilliseconds,
    sessionMs: engine.config.idleSessionMilliseconds,
    warnMs: idleTexts ? Math.min(IDLE_WARNING_MS, engine.config.idleAuthMilliseconds / 2) : 0,
    onAuthIdle: () => {
      keepBeforeIdleSignOut()
      void logout({ returnTo: returnPath(engine.pathTo.signInPath) })
    },
    onSessionIdle: () =>
      void logout({ returnTo: returnPath(engine.pathTo.signInPath) }).then(() => window.location.reload()),
  })
  /** Staying signed in touches the server too (a session check), so its idle clock starts again with the page's. */
  const stay = () => {
    idle.stay()
    void queryClient.refetchQueries({ queryKey: sessionQuery(engine.sources).queryKey })
  }

  const pageClass = matches.flatMap((match) => pageHandleOf(match.handle)?.pageClass ?? []).at(-1) ?? 'page'

  const context = useMemo<BlockContext>(
    () => ({
      content,
      session,
      config: engine.config,
      pathname: location.pathname,
      search: new URLSearchParams(location.search),
      query: {},
      pathTo: engine.pathTo,
      params,
      pageClass,
    }),
    [content, session, engine.config, engine.pathTo, location.pathname, location.search, params, pageClass],
  )
  const headerKey = pageClass === 'landing' ? chrome.landingHeader : chrome.header
  const globalTitle = chrome.title
  const head = useMemo(() => ({ globalTitle }), [globalTitle])

  return (
    <HeadContext value={head}>
      <ShellContext value={context}>
        <div className="site flex min-h-screen flex-col bg-surface text-body" style={chrome.style}>
          {(version || previewError) && <PreviewBanner version={version} error={previewError} />}
          <BlockSlot blockKey={headerKey} context={context} />
          <PageMain>
            <Outlet />
          </PageMain>
          <BlockSlot blockKey={chrome.footer} context={context} />
          {idle.signOutAt !== undefined && idleTexts && (
            <Suspense fallback={null}>
              <IdleWarning
                signOutAt={idle.signOutAt}
                texts={idleTexts}
                onStay={stay}
                onSignOut={() => {
                  idle.stay()
                  void logout()
                }}
              />
            </Suspense>
          )}
          <NavigationProgress />
          {/* A new page starts at its top; back and forward return to where the visitor was. */}
          <ScrollRestoration />
        </div>
      </ShellContext>
    </HeadContext>
  )
}
