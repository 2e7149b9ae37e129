/**
 * The working draft's door at the HTTP edge (the content endpoint, the page render, the preview
 * link's cookie): who may open it, and the cookie a preview link leaves.
 */
import type { Context } from 'hono'
import type { SessionUser } from '../../platform/auth/sessions.ts'
import type { SiteCookies } from '../../platform/http/cookies.ts'
import { staffRolesOf } from '../staff/index.ts'
import { previewLinks, type PreviewDeps } from './preview-links.ts'

/** The cookie that keeps a preview link's token for the pages the previewer opens next. */
export const PREVIEW_TOKEN_COOKIE = 'preview_token'

export const DRAFT_FORBIDDEN = 'Only content managers, or a preview link, can see the unpublished version'

/**
 * Whether this request may see the working draft: a content manager signed in with both factors,
 * or a valid preview link of the tenant's current generation (its token in the query, or in the
 * cookie it left).
 */
export async function canSeeDraft(
  ctx: PreviewDeps & { user: SessionUser | undefined; cookies: SiteCookies; now: () => Date },
  c: Context,
): Promise<boolean> {
  if (
    ctx.user?.second_factor &&
    (await staffRolesOf(ctx.db, ctx.tenant.groupKey, ctx.user.user_id)).includes('content')
  )
    return true
  return previewLinks.opens(ctx, c.req.query('preview_token') ?? ctx.cookies.get(PREVIEW_TOKEN_COOKIE))
}
