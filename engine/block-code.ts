/**
 * A block's code fetched ahead without running it. Importing a linked page's chunk when its link
 * came into view, and the page's props schemas once it was idle, ran their modules (the content
 * schema built, components defined) while the page was still starting: 50 to 170 ms tasks on a
 * phone, Lighthouse's total blocking time and a tap's wait. The server lists each block's chunks
 * for its build (server/app.ts); a `<link rel="modulepreload">` fetches and compiles them, and
 * what first needs them (the click that opens the page, a props check) runs them. The fetching
 * itself is engine/block-preload.ts.
 */
export const BLOCK_CHUNKS_PATH = '/builds/chunks'

/** Per registry key: the chunks of a block's code, and of what it loads when asked (its props schema). */
export interface BlockChunks {
  code: Partial<Record<string, string[]>>
  lazy: Partial<Record<string, string[]>>
}

/** Whether what the first page's blocks load when asked has been fetched ahead (until its first navigation). */
let firstPageFetched = false

/** Set by the preload of the first page's code (engine/block-preload.ts). */
export function setFirstPageFetched(fetched: boolean): void {
  firstPageFetched = fetched
}

/** The first navigation started: pages from now on fetch their code ahead by importing it. */
export function leaveFirstPage(): void {
  firstPageFetched = false
}

/** Whether the page is the first one and what its blocks load when asked is fetched ahead already. */
export const firstPageCodeFetched = () => firstPageFetched
