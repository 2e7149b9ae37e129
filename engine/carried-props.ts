import { rememberPer } from './remember.ts'
import type { CheckedProps } from './block.ts'
import type { EngineState } from './engine-state-schema.ts'
import { sameJson } from './same-json.ts'

/**
 * Each rendered block's checked props, in the page's state, by the block's `useId` (the same on the
 * server and in the hydrating browser): the props, or `0` when they equal the input its `select`
 * gave (most blocks: their props are content the server already parsed, so nothing travels twice).
 */
export type CarriedProps = Record<string, unknown>
const SAME_AS_INPUT = 0

/** What a block of the server's page rendered with, for the browser's first render of it. */
export interface HydratedProps {
  input: unknown
  props: unknown
}

/**
 * The carrier of the blocks' props from the server's render to the browser's hydration: the browser
 * hydrates without checking props again, so zod and the props schemas are not part of a page's start
 * (they load with the first props the browser checks: a navigation, a new session; docs/adr/0019).
 */
export interface PropsCarrier {
  /** Server: keeps the props the block under `key` rendered with. */
  record?: (id: string, checked: CheckedProps, key: string) => void
  /** Browser: the server's props of the block hydrating at `id` (undefined once it hydrated, or after the first navigation). */
  claim?: (id: string, input: unknown) => HydratedProps | undefined
  /** Browser: the block at `id` has hydrated (committed); a block mounted there later checks its own props. */
  consume?: (id: string) => void
  /** Browser: the first navigation started; blocks that mount from now on check their own props. */
  finish?: () => void
  /** Server: the static block (its registry key) or part at `id` rendered; the browser keeps its HTML (engine/static-html.tsx). */
  markStatic?: (id: string, key?: string) => void
  /** Browser: whether the static block hydrating at `id` keeps the server's HTML (until it hydrated, or the first navigation). */
  keepsStatic?: (id: string) => boolean
  /**
   * A pure computation's text by a key naming all its inputs (engine/server-text.ts). Server:
   * computed and kept for the page's state; browser: the server's text when it has one, else computed.
   */
  text?: (key: string, compute: () => string) => string
}

/** Texts the server's render computed, by key (engine/server-text.ts): the page state's `texts`. */
export type CarriedTexts = NonNullable<EngineState['texts']>

/** Whether props arrive as they are sent: JSON keeps them (no Date, Map, function or class). */
const survivesJson = rememberPer((props: object) => sameJson(JSON.parse(JSON.stringify(props)) as unknown, props))

/**
 * The server's carrier: collects what each block rendered with, for the page's state. Props that
 * JSON would change are refused with the block's key (the browser would hydrate with other props).
 */
export function propsRecorder(): PropsCarrier & {
  carried: () => CarriedProps
  statics: () => Map<string, string | undefined>
  texts: () => CarriedTexts
  clear: () => void
} {
  let carried: CarriedProps = {}
  const statics = new Map<string, string | undefined>()
  let texts: CarriedTexts = {}
  return {
    record: (id, { props, same }, key) => {
      if (!same && typeof props === 'object' && props !== null && !survivesJson(props)) {
        throw new Error(
          `The props of the block under "${key}" do not survive JSON (a Date, a Map, a function?): the page could not hydrate with them`,
        )
      }
      carried[id] = same ? SAME_AS_INPUT : props
    },
    markStatic: (id, key) => {
      statics.set(id, key)
    },
    text: (key, compute) => (texts[key] ??= compute()),
    carried: () => carried,
    statics: () => statics,
    texts: () => texts,
    clear: () => {
      carried = {}
      statics.clear()
      texts = {}
    },
  }
}

/**
 * The browser's carrier: the server's props of the page's blocks, for the render that hydrates each.
 * An entry is read while its block hydrates (React may render it twice) and dropped once that render
 * is committed; whatever is left goes with the first navigation, so a block mounted later at the same
 * place in the tree checks its own props.
 */
export function hydrationProps(
  carried: CarriedProps,
  statics: readonly string[] = [],
  texts: CarriedTexts = {},
): PropsCarrier {
  const left = new Map(Object.entries(carried))
  const staticLeft = new Set(statics)
  const serverTexts = new Map(Object.entries(texts))
  return {
    claim: (id, input) => {
      if (!left.has(id)) return undefined
      const props = left.get(id)
      return { input, props: props === SAME_AS_INPUT ? input : props }
    },
    consume: (id) => {
      left.delete(id)
      staticLeft.delete(id)
    },
    finish: () => {
      left.clear()
      staticLeft.clear()
    },
    keepsStatic: (id) => staticLeft.has(id),
    // Kept after the first navigation too: a key names every input, so its text stays true.
    text: (key, compute) => serverTexts.get(key) ?? compute(),
  }
}
