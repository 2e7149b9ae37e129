import { BLOCK_CHUNKS_PATH, setFirstPageFetched, type BlockChunks } from './block-code.ts'

// What fetches a block's code ahead (engine/block-code.ts): loaded itself once the page is idle or
// a link comes into view, not with every page's start.

/**
 * Links added in one task: each costs Chromium about 1 ms of a phone's main thread (4× CPU), and a
 * dashboard's blocks load some 50 chunks when asked (a 45 to 60 ms task at once).
 */
const LINKS_PER_TASK = 8
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

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
 * loads when asked) without running them; answers false when the build lists no chunks (the
 * development server has no build), so the caller imports them instead.
 */
export async function preloadBlockCode(
  buildId: string,
  keys: readonly string[],
  part: keyof BlockChunks = 'code',
): Promise<boolean> {
  const chunks = await chunksOf(buildId)
  if (!chunks) return false
  // Vite's preload helper reads the same nonce for the preloads it adds.
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
  preloaded ??= new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) =>
      link.getAttribute('href'),
    ).filter((href) => href !== null),
  )
  let added = 0
  for (const href of keys.flatMap((key) => chunks[part][key] ?? [])) {
    if (preloaded.has(href)) continue
    preloaded.add(href)
    if (added > 0 && added % LINKS_PER_TASK === 0) await nextTask()
    added += 1
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.crossOrigin = ''
    if (nonce) link.nonce = nonce
    document.head.append(link)
  }
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
