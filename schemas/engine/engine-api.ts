import { z } from './zod.ts'

// The engine's own answers, which every site's server gives: the engine's API client and build
// check read them (loaded with the first error or check, not with a page's start).

/** Every API error answers this shape, with a fitting status. Never a stack trace. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** `GET /builds/latest.json`: the build the server runs now (a page of an older build reloads). */
export const buildInfoSchema = z.object({ id: z.string() })
