import type { EngineState } from './engine-state-schema.ts'

export type { EngineState } from './engine-state-schema.ts'

/**
 * The id of the element the server writes the page's state into and the browser reads before
 * hydrating: a `<script type="application/json">`, which the parser keeps as text (no script to
 * compile while the page is parsed; `JSON.parse` when the engine starts is several times cheaper).
 */
export const ENGINE_STATE_ID = '__ENGINE_STATE__'

/** The page's state as JSON, or undefined when the document has none (or not JSON). */
export function pageState(doc: Document): unknown {
  const text = doc.getElementById(ENGINE_STATE_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The state the page's server wrote, for hydration. The server made it with its schema
 * (engine/engine-state-schema.ts); the browser checks it is that state without zod, which is not
 * part of a page's start. A page without it (a broken or foreign document) is not hydrated, with a
 * message that says where the state was looked for.
 */
export function readEngineState(value: unknown): EngineState {
  const ours =
    isRecord(value) &&
    isRecord(value.dehydrated) &&
    Array.isArray(value.dehydrated.queries) &&
    Array.isArray(value.blocks) &&
    value.blocks.every((key) => typeof key === 'string') &&
    isRecord(value.props) &&
    (value.static === undefined ||
      (Array.isArray(value.static) && value.static.every((id) => typeof id === 'string'))) &&
    isRecord(value.config) &&
    typeof value.config.buildId === 'string'
  if (ours) return value as EngineState
  throw new Error(
    `The page has no engine state to hydrate from: the JSON of #${ENGINE_STATE_ID} is missing or is not the server’s state`,
  )
}

/** Serialises a value for an inline script (code or JSON): no `</script>`, no HTML comment or line-separator tricks. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
