import { replaceEqualDeep, type QueryClient } from '@tanstack/react-query'
import type { EngineState } from '../engine-state.ts'

/** What rendering a page gives besides its data: the same for the same inputs. */
export interface RenderedApp {
  html: string
  title: string | undefined
  /** The page state's part the render made: the blocks to hydrate, their props, the static places. */
  state: Pick<EngineState, 'blocks' | 'props' | 'static'>
  /** The hydrated blocks' names, whose chunks the document preloads. */
  blockNames: string[]
}

/** What a page's render reads, once its loaders are done. */
export interface RenderInputs {
  /** The request's path and search (a fragment never reaches the server). */
  path: string
  status: number
  loaderData: unknown
  /** Errors of the loaders: such a page is rendered each time. */
  errors: unknown
  queryClient: QueryClient
  /** The tenant's public configuration. */
  config: unknown
  /** Only pages of signed-out visitors are remembered: nothing of a member's is kept. */
  signedOut: boolean
  /** A page that shows a visitor's own data without a sign-in (the manifest's `personal`): never kept. */
  personal: boolean
}

export interface RenderMemoOptions {
  /** Pages remembered at most (the least recently used is forgotten first). */
  maxPages?: number
  /** Characters of HTML remembered at most, over all pages. */
  maxChars?: number
  /** Last answers kept per query, to know an answer equal to the last one. */
  maxAnswers?: number
  /** The clock: dates a page shows (the footer's year, a renewal date) change with it. */
  now?: () => number
}

/**
 * A quarter of an hour: every time zone's offset is a multiple of it, so a date changes (in any
 * zone) only where this period does. A remembered page is never older than one.
 */
const PERIOD_MS = 15 * 60 * 1000

/**
 * The server's memory of rendered pages. Rendering is a pure function of what the loaders put in the
 * request's cache (content, session, the page's API answers), the matched route, the address, the
 * tenant's configuration and the date: the same inputs give the same HTML, props and title. So a
 * page a signed-out visitor asks for again, with the same data, is not rendered again. Every request
 * still runs its loaders and reads its data: an API answer that changed (a new price) or new content
 * (a publish) is a new input, and the page is rendered anew, at once. Nothing is remembered for a
 * signed-in visitor, a page that shows a visitor's own data without a sign-in (a checkout: the
 * manifest's `personal`), a page whose loaders failed, or a query that failed.
 *
 * Inputs are compared by identity: content is one object until it changes (the content service
 * caches it); an API answer equal to the last one for its query (and tenant) is replaced by that
 * one (TanStack Query's structural sharing), so equal answers are one object too.
 */
export function createRenderMemo(options: RenderMemoOptions = {}) {
  const { maxPages = 200, maxChars = 4_000_000, maxAnswers = 500, now = Date.now } = options
  const pages = new Map<string, RenderedApp>()
  let chars = 0
  const answers = new Map<string, unknown>()
  const ids = new WeakMap<object, number>()
  let lastId = 0

  /** Sets a value as the most recently used of its map (maps keep their order: the least recently used first). */
  const used = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key)
    map.set(key, value)
    return value
  }

  const identity = (value: unknown): string => {
    if (value === undefined) return 'undefined'
    if (typeof value !== 'object' || value === null) return JSON.stringify(value)
    let id = ids.get(value)
    if (id === undefined) ids.set(value, (id = ++lastId))
    return `#${id}`
  }

  /** The last answer of a query when the new one equals it (or shares its equal parts), else the new one. */
  const shared = (key: string, data: unknown) => {
    const value = used(answers, key, replaceEqualDeep(answers.get(key), data))
    if (answers.size > maxAnswers) answers.delete(answers.keys().next().value!)
    return value
  }

  const forget = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    pages.delete(key)
    chars -= page.html.length
  }

  return {
    /** The key of a render's inputs, or undefined when this page is rendered each time. */
    key(inputs: RenderInputs): string | undefined {
      if (!inputs.signedOut || inputs.personal || inputs.errors) return undefined
      const tenant = JSON.stringify(inputs.config)
      const data: string[] = []
      for (const query of inputs.queryClient.getQueryCache().getAll()) {
        if (query.state.status !== 'success') return undefined
        data.push(`${query.queryHash}=${identity(shared(`${tenant}\n${query.queryHash}`, query.state.data))}`)
      }
      return [
        inputs.path,
        inputs.status,
        Math.floor(now() / PERIOD_MS),
        JSON.stringify(inputs.loaderData),
        tenant,
        ...data.sort(),
      ].join('\n')
    },

    get(key: string): RenderedApp | undefined {
      const page = pages.get(key)
      return page && used(pages, key, page)
    },

    set(key: string, page: RenderedApp) {
      forget(key)
      if (page.html.length > maxChars) return
      pages.set(key, page)
      chars += page.html.length
      while (pages.size > maxPages || chars > maxChars) forget(pages.keys().next().value!)
    },

    /** Pages remembered now (for tests and the operators' figures). */
    get size() {
      return pages.size
    },
  }
}

export type RenderMemo = ReturnType<typeof createRenderMemo>
