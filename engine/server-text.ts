import { useContext } from 'react'
import { EngineContext } from './engine-context.tsx'

/** Computes `compute`'s text; `key` names every input it reads. */
export type ServerText = (key: string, compute: () => string) => string

const computeNow: ServerText = (_key, compute) => compute()

/**
 * A pure computation's text as the server's render made it: the server keeps each text it computes
 * in the page's state, and the browser, hydrating that page and after it, reads the server's instead
 * of computing it again. For what is costly only in the browser as a page starts: the first
 * `Intl.DateTimeFormat` of a page loads the locale's data, about 100 ms of a phone's main thread
 * (4× CPU) in the middle of hydration. `key` must name every input of `compute` (the same key, the
 * same text, on any page); outside the engine (a block rendered alone) the text is computed.
 */
export function useServerText(): ServerText {
  return useContext(EngineContext)?.carriedProps?.text ?? computeNow
}
