import type { DehydratedState } from '@tanstack/react-query'
import { z } from '#schemas/engine/zod.ts'
import type { SiteConfig } from './site.ts'

/** The state the server writes into each page for the browser's hydration (engine/engine-state.ts). */
export const engineStateSchema = z.object({
  /** TanStack Query's dehydrated cache: content and session, so the browser fetches neither again. */
  dehydrated: z.custom<DehydratedState>(
    (value: unknown) =>
      typeof value === 'object' && value !== null && Array.isArray((value as { queries?: unknown }).queries),
    'Expected a dehydrated query cache',
  ),
  /** Registry keys of the blocks the server rendered: loaded before hydration. */
  blocks: z.array(z.string()),
  /** The rendered blocks' checked props by `useId` (engine/carried-props.ts): hydration checks none again. */
  props: z.record(z.string(), z.unknown()),
  /** The static blocks whose server HTML the browser keeps, by `useId` (engine/static-html.tsx); their code is not loaded. */
  static: z.optional(z.array(z.string())),
  /** Texts pure computations made in the server's render, by key (engine/server-text.ts): hydration reads them. */
  texts: z.optional(z.record(z.string(), z.string())),
  /** The site's public configuration (its own schema made it on the server; the engine reads its build). */
  config: z.custom<SiteConfig>(
    (value: unknown) =>
      typeof value === 'object' && value !== null && typeof (value as { buildId?: unknown }).buildId === 'string',
    'Expected the site’s public configuration, with its build',
  ),
})
export type EngineState = z.infer<typeof engineStateSchema>
