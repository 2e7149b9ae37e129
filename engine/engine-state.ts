import type { DehydratedState } from '@tanstack/react-query'
import { z } from '#schemas/zod.ts'
import { publicConfigSchema } from '#schemas/runtime.ts'

/** The global the server writes into the page and the browser reads before hydrating. */
export const ENGINE_STATE_GLOBAL = '__ENGINE_STATE__'

export const engineStateSchema = z.object({
  /** TanStack Query's dehydrated cache: content and session, so the browser fetches neither again. */
  dehydrated: z.custom<DehydratedState>(
    (value: unknown) => typeof value === 'object' && value !== null && Array.isArray((value as { queries?: unknown }).queries),
    'Expected a dehydrated query cache',
  ),
  /** Registry keys of the blocks the server rendered: loaded before hydration. */
  blocks: z.array(z.string()),
  config: publicConfigSchema,
})
export type EngineState = z.infer<typeof engineStateSchema>

/**
 * The state the page's server wrote, for hydration, checked by its schema. A page without it (a
 * broken or foreign document) is not hydrated, with a message that says where the state was looked
 * for.
 */
export function readEngineState(value: unknown): EngineState {
  const parsed = engineStateSchema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new Error(`The page has no engine state to hydrate from: window.${ENGINE_STATE_GLOBAL} is missing or is not the server’s state`)
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
