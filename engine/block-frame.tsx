import { useMemo, useState, type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { createPathTo } from './paths.ts'
import { browserSanitize } from './browser-sanitize.ts'
import { contentQuery, sessionQuery, SIGNED_OUT, type DataSources } from './data-sources.ts'
import { createQueryClient, EngineRoot } from './engine-root.tsx'
import type { BlockRegistry } from './registry.ts'
import type { SiteConfig, SiteContent, SiteDefinition, SiteSession, SiteManifest } from './site.ts'
import { ShellContext } from './site-context.tsx'
import type { BlockContext } from './block-context.ts'

export interface BlockFrameProps {
  /** Parsed content: its theme colours the frame, and it answers the engine's content query. */
  content: SiteContent
  session?: SiteSession
  config: SiteConfig
  registry: BlockRegistry
  /** The site: its chrome's style frames the blocks. */
  site: SiteDefinition
  /** The site's manifest: blocks build their links from it. */
  manifest: SiteManifest
  /** The path the frame's router starts at. */
  path?: string
  children: ReactNode
}

/**
 * Renders blocks outside the site, with everything a block may use from the engine: the
 * router, the query cache (holding the given content and session), the interface services
 * and the tenant's theme. Stories and the playground's previews render through it.
 */
export function BlockFrame({
  content,
  session = SIGNED_OUT,
  config,
  registry,
  site,
  manifest,
  path = '/',
  children,
}: BlockFrameProps) {
  const pathTo = useMemo(() => createPathTo(manifest), [manifest])
  const sources = useMemo<DataSources>(
    () => ({ content: () => Promise.resolve(content), session: () => Promise.resolve(session) }),
    [content, session],
  )
  const [queryClient] = useState(createQueryClient)
  queryClient.setQueryData(contentQuery(sources, undefined).queryKey, content)
  queryClient.setQueryData(sessionQuery(sources).queryKey, session)
  const shell = useMemo<BlockContext>(
    () => ({
      content,
      session,
      config,
      locale: 'en',
      pathname: path,
      search: new URLSearchParams(),
      query: {},
      pathTo,
      params: {},
      pageClass: 'page',
    }),
    [content, session, config, path, pathTo],
  )
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <ShellContext value={shell}>
                <div className="site bg-surface text-body" style={site.chrome(content).style}>
                  {children}
                </div>
              </ShellContext>
            ),
          },
        ],
        { initialEntries: [path] },
      ),
    [children, content, site, path, shell],
  )
  return (
    <EngineRoot
      engine={{
        registry,
        site,
        mode: 'development',
        config,
        sources,
        pathTo,
        sanitize: browserSanitize,
        locale: site.locales?.default ?? 'en',
      }}
      queryClient={queryClient}
    >
      <RouterProvider router={router} />
    </EngineRoot>
  )
}
