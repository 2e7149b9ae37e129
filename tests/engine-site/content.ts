/**
 * A second site for the engine, not dental: a community noticeboard. Its own content schema, its
 * own session, page identifiers and layout keys, registered with the engine as the dental site
 * registers its own. It imports nothing of the dental site (lint holds it to the engine's entries
 * and shapes; its own TypeScript program, tsconfig.json here, holds its registration).
 */
import { z } from '#schemas/engine/zod.ts'

export const noticeboardContentSchema = z.object({
  board: z.object({
    name: z.string().check(z.minLength(1)),
    icon: z.optional(z.string()),
    notices: z.array(z.object({ slug: z.string(), heading: z.string(), body: z.string() })),
  }),
  layout: z.object({ top: z.enum(['masthead']), bottom: z.enum(['colophon']) }),
  pages: z.record(z.string(), z.object({ intro: z.optional(z.string()) })),
})
export type NoticeboardContent = z.output<typeof noticeboardContentSchema>

/** Who is signed in: a neighbour, who may read the members' notices. */
export interface NoticeboardSession {
  isAuthenticated: boolean
  neighbour?: string | undefined
}

export interface NoticeboardConfig {
  buildId: string
  idleAuthMilliseconds: number
  idleSessionMilliseconds: number
  street: string
}

declare module '#engine' {
  interface Register {
    site: {
      content: NoticeboardContent
      session: NoticeboardSession
      config: NoticeboardConfig
      pageId: 'notices' | 'notice'
      layoutKey: 'masthead' | 'colophon'
    }
  }
}
