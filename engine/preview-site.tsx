import { useEffect, useMemo, useRef, useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import type { ApiTransport } from './api.ts'
import { browserSanitize } from './browser-sanitize.ts'
import { contentQuery, sessionQuery, type DataSources } from './data-sources.ts'
import { createQueryClient, EngineRoot } from './engine-root.tsx'
import type { BlockRegistry } from './registry.ts'
import { createPathTo } from './paths.ts'
import { createRoutes } from './routes.tsx'
import type { SiteConfig, SiteContent, SiteDefinition, SiteSession, SiteManifest } from './site.ts'

export interface PreviewSiteProps {
  manifest: SiteManifest
  registry: BlockRegistry
  site: SiteDefinition
  config: SiteConfig
  /** Parsed content to show (a draft being edited). */
  content: SiteContent
  session: SiteSession
  /** The page to show. */
  path: string
  /** How pages' API queries are answered (sample data for member pages); absent, the site's API. */
  transport?: ApiTransport | undefined
  /** The language the content is in (its translations laid over it already); absent, the site's default. */
  locale?: string | undefined
}

/**
 * The site as it would render with this content: the real routes, chrome and blocks of the
 * engine, fed from memory instead of the API. The playground's preview renders through it, so
 * what a content manager sees is what visitors will get. The content is a draft being typed, not
 * yet cleaned by the server: every rich text is sanitised as it renders (RichText, with the
 * browser's DOMPurify).
 */
export function PreviewSite({
  manifest,
  registry,
  site,
  config,
  content,
  session,
  path,
  transport,
  locale,
}: PreviewSiteProps) {
  const latest = useRef({ content: content, session })
  const [{ queryClient, router, sources, pathTo }] = useState(() => {
    const client = createQueryClient()
    const memory: DataSources = {
      content: () => Promise.resolve(latest.current.content),
      session: () => Promise.resolve(latest.current.session),
      transport,
    }
    const routes = createRoutes({
      manifest,
      registry,
      site,
      data: () => ({ queryClient: client, sources: memory, previewVersion: () => undefined }),
    })
    return {
      queryClient: client,
      sources: memory,
      pathTo: createPathTo(manifest),
      router: createMemoryRouter(routes, { initialEntries: [path] }),
    }
  })

  useEffect(() => {
    latest.current = { content: content, session }
    queryClient.setQueryData(contentQuery(sources, undefined).queryKey, latest.current.content)
    queryClient.setQueryData(sessionQuery(sources).queryKey, session)
  }, [content, session, queryClient, sources])

  useEffect(() => {
    const current = router.state.location
    if (`${current.pathname}${current.search}` !== path) void router.navigate(path)
  }, [path, router])

  // A preview is not a visit: no real-user monitoring in it.
  const previewConfig = useMemo(() => ({ ...config, monitoring: undefined }), [config])
  return (
    <EngineRoot
      engine={{
        registry,
        site,
        mode: 'production',
        config: previewConfig,
        sources,
        pathTo,
        sanitize: browserSanitize,
        locale: locale ?? site.locales?.default ?? 'en',
      }}
      queryClient={queryClient}
    >
      <RouterProvider router={router} />
    </EngineRoot>
  )
}
