import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import { cmsVersionQuerySchema, draftSchema, inheritanceSchema, previewTokenRequestSchema, previewTokenSchema, publishSchema, saveDraftSchema, versionsSchema } from '#schemas/api/cms.ts'
import { idParam } from '#schemas/api/common.ts'
import { contentOverrides } from '#schemas/content-layers.ts'
import { migrateCmsContent } from '#schemas/migrations.ts'
import { publicConfigSchema } from '#schemas/runtime.ts'
import path from 'node:path'
import { readTenantBase } from '../content/content-files.ts'
import { projectRoot } from '../paths.ts'
import { PUBLISHED, WORKING } from '../content/content-service.ts'
import type { Draft } from '../content/db-content-service.ts'
import { endpoint, type ApiContext } from './context.ts'
import { HttpError } from './endpoint.ts'

const CONTENT = ['Content']
export const PREVIEW_TOKEN_COOKIE = 'preview_token'
export const PREVIEW_PURPOSE = 'preview'

const toDraft = (draft: Draft) => ({ content: draft.content, revision: draft.revision, updatedBy: draft.updatedBy, updatedAt: draft.updatedAt.toISOString() })

/** Whether this request may see the working draft: a content manager, or a valid preview link's token. */
export function canSeeDraft(ctx: Pick<ApiContext, 'user' | 'signer' | 'tenant'>, c: Context): boolean {
  if (ctx.user?.role === 'editor') return true
  const token = c.req.query('preview_token') ?? getCookie(c, PREVIEW_TOKEN_COOKIE)
  return ctx.signer.verify(token, PREVIEW_PURPOSE, ctx.tenant.groupKey) !== undefined
}

export const DRAFT_FORBIDDEN = 'Only content managers, or a preview link, can see the unpublished version'

/** The content service: published content for everyone, the draft and publishing for content managers. */
export const cmsRoutes = [
  endpoint({
    method: 'get', path: '/api/cms', summary: 'The tenant’s content: published, an older version (?version={id}) or the draft (?version=working, content managers or a preview link)', tags: CONTENT, access: 'public',
    query: cmsVersionQuerySchema, response: z.record(z.string(), z.unknown()),
    async handle({ query, ctx, c }) {
      const version = query.version ?? PUBLISHED
      if (version === WORKING && !canSeeDraft(ctx, c)) throw new HttpError(403, DRAFT_FORBIDDEN)
      return z.record(z.string(), z.unknown()).parse(await ctx.content.get(ctx.tenant.groupKey, version))
    },
  }),
  endpoint({
    method: 'get', path: '/api/config', summary: 'The tenant’s public runtime configuration', tags: CONTENT, access: 'public',
    response: publicConfigSchema,
    handle: ({ ctx }) => Promise.resolve(ctx.config),
  }),
  endpoint({
    method: 'get', path: '/api/cms/inheritance', summary: 'The base the tenant’s content extends (resolved), and what the draft overrides, field by field', tags: CONTENT, access: 'editor',
    response: inheritanceSchema,
    async handle({ ctx }) {
      const base = readTenantBase(path.resolve(projectRoot, ctx.env.CONTENT_DIR), ctx.tenant.groupKey)
      if (base === undefined) return { base: null, overrides: [] }
      const draft = await ctx.content.draft(ctx.tenant.groupKey)
      return { base, overrides: contentOverrides(migrateCmsContent(base), draft.content) }
    },
  }),
  endpoint({
    method: 'get', path: '/api/cms/working', summary: 'The draft as stored, with its revision', tags: CONTENT, access: 'editor',
    response: draftSchema,
    handle: async ({ ctx }) => toDraft(await ctx.content.draft(ctx.tenant.groupKey)),
  }),
  endpoint({
    method: 'put', path: '/api/cms/working', summary: 'Saves the draft (validated with ajv and zod; 409 if the draft changed since baseRevision)', tags: CONTENT, access: 'editor',
    body: saveDraftSchema, response: draftSchema,
    handle: async ({ body, ctx }) => toDraft(await ctx.content.saveDraft(ctx.tenant.groupKey, body.content, body.baseRevision, ctx.user?.email ?? 'unknown')),
  }),
  endpoint({
    method: 'post', path: '/api/cms/publish', summary: 'Publishes the draft as a new version: the site shows it at once', tags: CONTENT, access: 'editor', status: 201,
    body: publishSchema, response: z.object({ id: z.number().int() }),
    handle: ({ body, ctx }) => ctx.content.publish(ctx.tenant.groupKey, body.note, ctx.user?.email ?? 'unknown'),
  }),
  endpoint({
    method: 'get', path: '/api/cms/versions', summary: 'Published versions, newest first (who, when, note)', tags: CONTENT, access: 'editor',
    response: versionsSchema,
    async handle({ ctx }) {
      const [versions, draft] = await Promise.all([ctx.content.versions(ctx.tenant.groupKey), ctx.content.draft(ctx.tenant.groupKey)])
      return {
        versions: versions.map((row) => ({ id: row.id, note: row.note, publishedBy: row.published_by, publishedAt: row.published_at.toISOString() })),
        draftRevision: draft.revision,
      }
    },
  }),
  endpoint({
    method: 'post', path: '/api/cms/versions/:id/restore', summary: 'Copies an old version into the draft', tags: CONTENT, access: 'editor',
    params: idParam, response: draftSchema,
    handle: async ({ params, ctx }) => toDraft(await ctx.content.restore(ctx.tenant.groupKey, params.id, ctx.user?.email ?? 'unknown')),
  }),
  endpoint({
    method: 'post', path: '/api/cms/preview-token', summary: 'A signed, expiring link to preview the draft without signing in', tags: CONTENT, access: 'editor', status: 201,
    body: previewTokenRequestSchema, response: previewTokenSchema,
    handle({ body, ctx }) {
      const expiresAt = ctx.now().getTime() + body.expiresInMinutes * 60_000
      const token = ctx.signer.sign({ purpose: PREVIEW_PURPOSE, groupKey: ctx.tenant.groupKey, expiresAt })
      const url = new URL('/', ctx.tenant.publicUrl)
      url.searchParams.set('version', WORKING)
      url.searchParams.set('preview_token', token)
      return Promise.resolve({ token, url: url.href, expiresAt: new Date(expiresAt).toISOString() })
    },
  }),
]
