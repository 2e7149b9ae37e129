import { z } from '#schemas/engine/zod.ts'

/** What the editor sends its preview frames. */
export const toPreviewSchema = z.object({
  type: z.literal('draft'),
  content: z.unknown(),
  path: z.string().check(z.startsWith('/')),
  /** The language to show the draft in (its translations laid over the default's texts). */
  locale: z.optional(z.string()),
  signedIn: z.boolean(),
})
export type ToPreview = z.infer<typeof toPreviewSchema>

/** What a preview frame tells the editor. */
export const fromPreviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('rendered'), path: z.string() }),
  z.object({ type: z.literal('invalid'), message: z.string() }),
])
export type FromPreview = z.infer<typeof fromPreviewSchema>
