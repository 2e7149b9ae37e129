import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react'
import { Outlet, ScrollRestoration, useLocation, useMatches, useParams } from 'react-router-dom'
import type { BlockContext } from './block-context.ts'
import { BlockSlot } from './block-slot.tsx'
import { useEngine } from './engine-context.tsx'
import { HeadContext } from './head.ts'
import { NavigationProgress, PageMain } from './progress.tsx'
import { pageHandleOf } from './route-meta.ts'
import { ShellContext, usePreviewError, usePreviewVersion, useSession, useSiteContent } from './site-context.tsx'
import { useClientEffects } from './client-effects.ts'

const noEffects = () => undefined
const loadIdleGuard = () => import('./idle-guard.tsx')
const loadMonitoring = () => import('./monitoring-frame.tsx')
// Only a preview shows it (the server renders it, and it hydrates once its code is there): the
// words and code of preview stay out of what every visitor's page loads.
const PreviewBanner = lazy(() => import('./preview-banner.tsx'))

/** A part of the frame, loaded in the browser once `when` holds, and kept from then on. */
function ClientPart<Props extends object>({
  when,
  load,
  props,
}: {
  when: boolean
  load: () => Promise<{ default: ComponentType<Props> }>
  props: Props
}) {
  const [Loaded, setLoaded] = useState<ComponentType<Props>>()
  useEffect(() => {
    if (when && !Loaded)
      void load().then(
        (module) => setLoaded(() => module.default),
        // Offline, or a newer build: the next page tries again.
        () => undefined,
      )
  }, [when, Loaded, load])
  return Loaded ? <Loaded {...props} /> : null
}

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
  const signedIn = session.isAuthenticated

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
      locale: engine.locale,
      pathname: location.pathname,
      search: new URLSearchParams(location.search),
      query: {},
      pathTo: engine.pathTo,
      params,
      pageClass,
    }),
    [
      content,
      session,
      engine.config,
      engine.locale,
      engine.pathTo,
      location.pathname,
      location.search,
      params,
      pageClass,
    ],
  )
  const headerKey = pageClass === 'landing' ? chrome.landingHeader : chrome.header
  const globalTitle = chrome.title
  const head = useMemo(() => ({ globalTitle }), [globalTitle])

  return (
    <HeadContext value={head}>
      <ShellContext value={context}>
        <div className="site flex min-h-screen flex-col bg-surface text-body" style={chrome.style}>
          {(version || previewError) && (
            <Suspense>
              <PreviewBanner version={version} error={previewError} />
            </Suspense>
          )}
          {/* Monitoring, where configured; first, for the privacy choices it may ask (the first Tab reaches them). */}
          {engine.config.monitoring && (
            <ClientPart
              when
              load={loadMonitoring}
              props={{ disabled: !chrome.tracking, pathname: location.pathname }}
            />
          )}
          <BlockSlot blockKey={headerKey} context={context} />
          <PageMain>
            <Outlet />
          </PageMain>
          <BlockSlot blockKey={chrome.footer} context={context} />
          {/* The idle limits load once a member is signed in, and stay. */}
          <ClientPart when={signedIn} load={loadIdleGuard} props={{ signedIn }} />
          <NavigationProgress />
          {/* A new page starts at its top; back and forward return to where the visitor was. */}
          <ScrollRestoration />
        </div>
      </ShellContext>
    </HeadContext>
  )
}
