import { useMemo } from 'react'
import { Outlet, useLoaderData, useMatches, useParams } from 'react-router-dom'
import { BlockSlot } from './block-slot.tsx'
import { useEngine } from './engine-context.tsx'
import { PageTitle } from './page-title.tsx'
import type { PageHandle, PageLoaderData } from './route-meta.ts'
import { useShellContext } from './site-context.tsx'

/**
 * One page of the manifest: its root element carries the page class and
 * `data-page="{identifier}"`, and the block registered under the identifier renders inside.
 * A parent page (checkout) renders its child pages through the engine's `Outlet`.
 */
export function PageView({ routeId, handle }: { routeId: string; handle: PageHandle }) {
  const shell = useShellContext()
  const params = useParams()
  const { title, search } = useLoaderData<PageLoaderData>()
  const matches = useMatches()
  const deepest = matches.at(-1)?.id === routeId
  // A parent page renders its children itself; until its block exists the children still show.
  const { registry, site } = useEngine()
  const hasBlock = registry.has(handle.page)
  const context = useMemo(
    () => ({
      ...shell,
      params,
      query: search,
      pageClass: handle.pageClass,
      page: handle.page,
      settings: site.pageSettings(shell.content, handle.page),
      title,
    }),
    [shell, params, search, handle.pageClass, handle.page, title, site],
  )
  return (
    <div className={handle.pageClass} data-page={handle.page}>
      {deepest && <PageTitle title={title} />}
      <BlockSlot blockKey={handle.page} context={context} />
      {!hasBlock && !deepest && <Outlet />}
    </div>
  )
}
