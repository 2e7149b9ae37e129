import { z } from '#schemas/engine/zod.ts'

/** Unsaved edits, kept in the browser so nothing typed is lost (a failed save, a reload, a crash). */
const savedSchema = z.object({
  content: z.record(z.string(), z.unknown()),
  baseRevision: z.number(),
  savedAt: z.string(),
})
export type LocalEdits = z.infer<typeof savedSchema>

const key = (host: string) => `playground:unsaved:${host}`

export const localEdits = {
  read(host: string): LocalEdits | undefined {
    try {
      const parsed = savedSchema.safeParse(JSON.parse(window.localStorage.getItem(key(host)) ?? 'null'))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  },
  write(host: string, content: Record<string, unknown>, baseRevision: number): void {
    try {
      window.localStorage.setItem(
        key(host),
        JSON.stringify({ content, baseRevision, savedAt: new Date().toISOString() }),
      )
    } catch {
      // Storage full or disabled: the edits live on in memory until saved.
    }
  },
  clear(host: string): void {
    try {
      window.localStorage.removeItem(key(host))
    } catch {
      // Nothing stored.
    }
  },
}
