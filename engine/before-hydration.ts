const pending: Promise<unknown>[] = []

/**
 * Code a server-rendered part of the page needs before the page hydrates: a lazily loaded
 * component the server rendered in full (hydrated without its code, that part stays server HTML
 * until the code comes, and a key pressed meanwhile is lost). The browser hydrates once every such
 * load has settled (engine/client.tsx), after the blocks' chunks.
 *
 * Not a top-level `await` in the part's module: in a chunk that the awaited code imports back (the
 * site's start chunks, which every block imports), the two would wait for each other for good.
 */
export function loadBeforeHydration(load: Promise<unknown>): void {
  pending.push(load)
}

/** Settles when every load asked for so far has settled (a failed one is the part's to report). */
export async function beforeHydration(): Promise<void> {
  await Promise.allSettled(pending)
}
