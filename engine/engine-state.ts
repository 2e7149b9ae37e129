import type { EngineState } from './engine-state-schema.ts'

export type { EngineState } from './engine-state-schema.ts'

/** The global the server writes into the page and the browser reads before hydrating. */
export const ENGINE_STATE_GLOBAL = '__ENGINE_STATE__'

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
    `The page has no engine state to hydrate from: window.${ENGINE_STATE_GLOBAL} is missing or is not the server’s state`,
  )
}

/** Serialises a value for an inline script: no `</script>`, no HTML comment or line-separator tricks. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
