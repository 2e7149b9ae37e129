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

/** Serialises a value for an inline script: no `</script>`, no HTML comment or line-separator tricks. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
