import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'

export const cmsVersionQuerySchema = z.object({
  version: z.optional(
    z
      .string()
      .check(
        z.maxLength(9, { error: 'A version is a number, "published" or "working"', abort: true }),
        z.regex(/^(working|published|\d{1,9})$/, 'A version is a number, "published" or "working"'),
      ),
  ),
  preview_token: z.optional(z.string().check(z.maxLength(400))),
})

/** The published content (or a version of it): every page needs it, so it has a module of its own. */
export const contentApi = {
  content: contract({
    method: 'get',
    path: '/api/cms',
    summary:
      'The tenant’s content: published, an older version (?version={id}) or the draft (?version=working, content managers or a preview link)',
    tags: ['Content'],
    access: 'public',
    query: cmsVersionQuerySchema,
    response: z.record(z.string(), z.unknown()),
  }),
}
