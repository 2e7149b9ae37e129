import { z } from '#schemas/engine/zod.ts'
import { CONTENT_MAX_BYTES, cmsApi } from '#schemas/api/content.ts'
import { contentOverrides } from '#schemas/content-layers.ts'
import { migrateCmsContent } from '#schemas/migrations.ts'
import path from 'node:path'
import { readTenantBase } from './content-files.ts'
import { projectRoot } from '../../paths.ts'
import { PUBLISHED, WORKING } from './content-service.ts'
import type { Draft } from './db-content-service.ts'
import { limitFor } from '../../platform/http/body-limit.ts'
import { previewLinks } from './preview-links.ts'
import { canSeeDraft, DRAFT_FORBIDDEN } from './draft-access-routes.ts'
import { endpoint } from '../../context.ts'
import { HttpError } from '../../platform/http/endpoint.ts'

const toDraft = (draft: Draft) => ({
  content: draft.content,
  revision: draft.revision,
  updatedBy: draft.updatedBy,
  updatedAt: draft.updatedAt.toISOString(),
})

/**
 * A draft's body is read up to twice the content's limit, so that content a little over it gets a
 * 422 that names its largest field (content-validation.ts) rather than a bare 413.
 */
export const draftBodyLimit = limitFor(
  cmsApi.saveDraft,
  2 * CONTENT_MAX_BYTES,
  `The content is too large: at most ${CONTENT_MAX_BYTES / 1024 / 1024} MB`,
)

/** The content service: published content for everyone, the draft and publishing for content managers. */
export const cmsRoutes = [
  endpoint(cmsApi.content, async ({ query, ctx, c }) => {
    const version = query.version ?? PUBLISHED
    if (version === WORKING && !(await canSeeDraft(ctx, c))) throw new HttpError(403, DRAFT_FORBIDDEN)
    return z.record(z.string(), z.unknown()).parse(await ctx.content.get(ctx.tenant.groupKey, version, query.locale))
  }),
  endpoint(cmsApi.config, ({ ctx }) => Promise.resolve(ctx.config)),
  endpoint(cmsApi.inheritance, async ({ ctx }) => {
    const base = readTenantBase(path.resolve(projectRoot, ctx.env.CONTENT_DIR), ctx.tenant.groupKey)
    if (base === undefined) return { base: null, overrides: [] }
    const draft = await ctx.content.draft(ctx.tenant.groupKey)
    return { base, overrides: contentOverrides(migrateCmsContent(base), draft.content) }
  }),
  endpoint(cmsApi.draft, async ({ ctx }) => toDraft(await ctx.content.draft(ctx.tenant.groupKey))),
  endpoint(cmsApi.saveDraft, async ({ body, ctx }) =>
    toDraft(
      await ctx.content.saveDraft(ctx.tenant.groupKey, body.content, body.baseRevision, ctx.user?.email ?? 'unknown'),
    ),
  ),
  endpoint(cmsApi.publish, ({ body, ctx }) =>
    ctx.content.publish(ctx.tenant.groupKey, body.note, ctx.user?.email ?? 'unknown'),
  ),
  endpoint(cmsApi.translations, ({ query, ctx }) => ctx.content.translations(ctx.tenant.groupKey, query.locale)),
  endpoint(cmsApi.versions, async ({ ctx }) => {
    const [versions, draft, published] = await Promise.all([
      ctx.content.versions(ctx.tenant.groupKey),
      ctx.content.draft(ctx.tenant.groupKey),
      ctx.content.publishedFault(ctx.tenant.groupKey),
    ])
    return {
      versions: versions.map((row) => ({
        id: row.id,
        note: row.note,
        publishedBy: row.published_by,
        publishedAt: row.published_at.toISOString(),
      })),
      draftRevision: draft.revision,
      published,
    }
  }),
  endpoint(cmsApi.restore, async ({ params, ctx }) =>
    toDraft(await ctx.content.restore(ctx.tenant.groupKey, params.id, ctx.user?.email ?? 'unknown')),
  ),
  endpoint(cmsApi.previewToken, ({ body, ctx }) => previewLinks.create(ctx, body.expiresInMinutes)),
  endpoint(cmsApi.revokePreviewTokens, async ({ ctx }) => {
    await previewLinks.revoke(ctx.db, ctx.tenant.groupKey)
    ctx.logger.info({ tenant: ctx.tenant.groupKey, by: ctx.user?.email }, 'Preview links revoked')
    return { ok: true as const, message: 'Every preview link made until now has stopped working. New links work.' }
  }),
]
