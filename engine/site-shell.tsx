import { useEffect, useMemo, useState } from 'react'
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
import type { IdleGuard as IdleGuardComponent } from './idle-guard.tsx'

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
  // The idle limits load once a member is signed in, in the browser only, and stay.
  const [IdleGuard, setIdleGuard] = useState<typeof IdleGuardComponent>()
  useEffect(() => {
    if (session.isAuthenticated && !IdleGuard)
      void import('./idle-guard.tsx').then(
        (module) => setIdleGuard(() => module.IdleGuard),
        // Offline, or a newer build: the next page tries again.
        () => undefined,
      )
  }, [session.isAuthenticated, IdleGuard])

  // The class of the deepest page that loaded: a page whose loader threw (a landing slug that names
  // no landing page) shows the error page in the ordinary frame, with the menu, not its own.
  const pageClass =
    matches
      .flatMap((match) => (match.loaderData === undefined ? [] : (pageHandleOf(match.handle)?.pageClass ?? [])))
      .at(-1) ?? 'page'

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
          {IdleGuard && <IdleGuard signedIn={session.isAuthenticated} />}
          <NavigationProgress />
          {/* A new page starts at its top; back and forward return to where the visitor was. */}
          <ScrollRestoration />
        </div>
      </ShellContext>
    </HeadContext>
  )
}
