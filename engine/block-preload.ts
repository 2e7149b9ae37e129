import type { QueryClient } from '@tanstack/react-query'
import { apiQueryOptions, browserTransport, type ApiQuery } from './api.ts'
import { BLOCK_CHUNKS_PATH, setFirstPageFetched, type BlockChunks } from './block-code.ts'
import { contentQuery, sessionQuery } from './data-sources.ts'
import type { EngineValue } from './engine-context.tsx'
import type { PageId } from './site.ts'

// What fetches a block's code ahead (engine/block-code.ts): loaded itself once the page is idle or
// a link comes into view, not with every page's start.

/**
 * How long links are added in one task (ms). Each costs Chromium 1 to 12 ms of a phone's main
 * thread (4× CPU; the more under a throttled network), and the links a page asks for come
 * together: its in-view links' pages at once, a dashboard's blocks some 50 chunks. All of them in
 * one task was 45 to 120 ms (Lighthouse's total blocking time); one queue for the page adds them
 * a few at a time.
 */
const TASK_MS = 15
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Addresses waiting for their link, in the order asked. */
const waiting: string[] = []
let adding = false

async function addLinks(): Promise<void> {
  adding = true
  // Vite's preload helper reads the same nonce for the preloads it adds.
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
  try {
    while (waiting.length > 0) {
      const started = performance.now()
      do {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.href = waiting.shift()!
        link.crossOrigin = ''
        if (nonce) link.nonce = nonce
        document.head.append(link)
      } while (waiting.length > 0 && performance.now() - started < TASK_MS)
      if (waiting.length > 0) await nextTask()
    }
  } finally {
    // With no await after the last look at the queue: an address asked for from now on starts a new run.
    adding = false
  }
}

let listed: { buildId: string; chunks: Promise<BlockChunks | undefined> } | undefined
/** The modules this page has preloaded (the server's links, then ours), by address. */
let preloaded: Set<string> | undefined

function chunksOf(buildId: string): Promise<BlockChunks | undefined> {
  if (listed?.buildId !== buildId)
    listed = {
      buildId,
      chunks: fetch(`${BLOCK_CHUNKS_PATH}/${encodeURIComponent(buildId)}.json`).then(
        (response) => (response.ok ? (response.json() as Promise<BlockChunks>) : undefined),
        () => undefined,
      ),
    }
  return listed.chunks
}

/**
 * Fetches the chunks of the blocks under `keys` (their code, or with `part` 'lazy' what their code
 * loads when asked) without running them, their links added a few at a time; answers false when
 * the build lists no chunks (the development server has no build), so the caller imports them instead.
 */
export async function preloadBlockCode(
  buildId: string,
  keys: readonly string[],
  part: keyof BlockChunks = 'code',
): Promise<boolean> {
  const chunks = await chunksOf(buildId)
  if (!chunks) return false
  preloaded ??= new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) =>
      link.getAttribute('href'),
    ).filter((href) => href !== null),
  )
  for (const href of keys.flatMap((key) => chunks[part][key] ?? [])) {
    if (preloaded.has(href)) continue
    preloaded.add(href)
    waiting.push(href)
  }
  if (!adding) void addLinks()
  return true
}

/**
 * Fetches ahead, once the first page is idle, what its blocks load when asked (their props
 * schemas, dialogs and forms' schemas); answers whether it did (a build lists them). Until the
 * first navigation, `useLoadWhenIdle` then has nothing left to fetch.
 */
export async function preloadFirstPage(buildId: string, keys: readonly string[]): Promise<boolean> {
  const fetched = await preloadBlockCode(buildId, keys, 'lazy')
  setFirstPageFetched(fetched)
  return fetched
}

/**
 * Fetches a linked page ahead of a click (`usePrefetch`): in view, its code, fetched and not run
 * (the click or a hover runs it); with `data` (a hover, a focus), its block and the queries its
 * page declares, into the cache the page then reads (no loader runs, so nothing redirects).
 */
export async function prefetchPage({
  engine,
  queryClient,
  version,
  page,
  url,
  data,
}: {
  engine: EngineValue
  queryClient: QueryClient
  version: string | undefined
  page: { id: PageId; params: Record<string, string | undefined> }
  url: URL
  data: boolean
}): Promise<void> {
  if (!data) {
    if (!(await preloadBlockCode(engine.config.buildId, [page.id]))) await engine.registry.loadComponent(page.id)
    return
  }
  // The page's props schema loads beside its queries, which need only its component.
  void engine.registry.preload([page.id]).catch(() => undefined)
  await engine.registry.loadComponent(page.id)
  const content = queryClient.getQueryData(contentQuery(engine.sources, version).queryKey)
  const session = queryClient.getQueryData(sessionQuery(engine.sources).queryKey)
  if (!content || !session) return
  const input = { page: page.id, params: page.params, search: Object.fromEntries(url.searchParams), session, content }
  // The page's queries and its sections' (their blocks load too), as its loader would run them.
  const queries = await engine.registry.pageQueries(page.id, input)
  const transport = engine.sources.transport ?? browserTransport
  // Failures are left to the page, which reads the query again when it opens.
  await Promise.all(
    queries.map((query) => queryClient.query(apiQueryOptions(query as ApiQuery, transport)).catch(() => undefined)),
  )
}
