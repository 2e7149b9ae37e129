// The content feature's contracts (server/features/content): the published content every page
// needs, the tenant's public configuration, and the content managers' draft and publishing.
import { z } from '../engine/zod.ts'
import { LOCALE_CODE } from '../engine/localized.ts'
import { contract } from '../engine/contract.ts'
import { publicConfigSchema } from '../runtime.ts'
import { CONTENT_MANAGERS, idParam, PG_INT_MAX } from './common.ts'

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
  locale: z.optional(
    z
      .string()
      .check(
        z.maxLength(20, { error: 'A language is a code such as es', abort: true }),
        z.regex(LOCALE_CODE, 'A language is a code such as es'),
      ),
  ),
})

/** The published content (or a version of it): every page needs it, so it is a group of its own. */
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

/**
 * The largest draft content, as JSON: ten times a tenant's content today, with room for a few small
 * inline images. The content goes to every visitor (its API and the pages' state), so it stays small.
 */
export const CONTENT_MAX_BYTES = 1024 * 1024

export const saveDraftSchema = z.object({
  content: z.unknown(),
  /** The draft revision the edit started from: a save based on an older one answers 409. */
  baseRevision: z.number().check(z.int(), z.gte(0), z.lte(PG_INT_MAX)),
})

export const draftSchema = z.object({
  content: z.unknown(),
  revision: z.number().check(z.int()),
  updatedBy: z.string(),
  updatedAt: z.string(),
})

export const publishSchema = z.object({ note: z._default(z.string().check(z.trim(), z.maxLength(500)), '') })

export const versionSummarySchema = z.object({
  id: z.number().check(z.int()),
  note: z.string(),
  publishedBy: z.string(),
  publishedAt: z.string(),
})
/**
 * Published versions the site can no longer show (their stored content does not parse, as after
 * a change of the content schema): the site shows the newest one that does (`servedVersion`;
 * null when none does). Empty `failed`: all is well.
 */
export const publishedFaultSchema = z.object({
  servedVersion: z.nullable(z.number().check(z.int())),
  failed: z.array(
    z.object({
      id: z.number().check(z.int()),
      issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })),
    }),
  ),
})
export const versionsSchema = z.object({
  versions: z.array(versionSummarySchema),
  draftRevision: z.number().check(z.int()),
  published: publishedFaultSchema,
})

/** A preview link lasts at most 7 days. */
export const PREVIEW_LINK_MAX_MINUTES = 60 * 24 * 7
export const previewTokenRequestSchema = z.object({
  expiresInMinutes: z._default(
    z
      .number()
      .check(z.int(), z.gte(5), z.lte(PREVIEW_LINK_MAX_MINUTES, 'A preview link lasts at most 7 days (10080 minutes)')),
    60 * 24,
  ),
})
export const previewTokenSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() })
export const previewRevocationSchema = z.object({ ok: z.literal(true), message: z.string() })

/** The base a tenant's content extends (null when none), and what the draft overrides. */
export const inheritanceSchema = z.object({
  base: z.unknown(),
  overrides: z.array(
    z.object({
      path: z.array(z.union([z.string(), z.number()])),
      base: z.optional(z.unknown()),
      value: z.optional(z.unknown()),
    }),
  ),
})

const CONTENT = ['Content']

/** The content service: published content for everyone, the draft and publishing for content managers. */
export const cmsApi = {
  ...contentApi,
  config: contract({
    method: 'get',
    path: '/api/config',
    summary: 'The tenant’s public runtime configuration',
    tags: CONTENT,
    access: 'public',
    response: publicConfigSchema,
  }),
  inheritance: contract({
    method: 'get',
    path: '/api/cms/inheritance',
    summary: 'The base the tenant’s content extends (resolved), and what the draft overrides, field by field',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    response: inheritanceSchema,
  }),
  draft: contract({
    method: 'get',
    path: '/api/cms/working',
    summary: 'The draft as stored, with its revision',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    response: draftSchema,
  }),
  saveDraft: contract({
    method: 'put',
    path: '/api/cms/working',
    summary: 'Saves the draft (validated with ajv and zod; 409 if the draft changed since baseRevision)',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    body: saveDraftSchema,
    response: draftSchema,
  }),
  publish: contract({
    method: 'post',
    path: '/api/cms/publish',
    summary: 'Publishes the draft as a new version: the site shows it at once',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    status: 201,
    body: publishSchema,
    response: z.object({ id: z.number().check(z.int()) }),
  }),
  translations: contract({
    method: 'get',
    path: '/api/cms/translations',
    summary:
      'A language’s translation of the draft: the texts that still show the default language’s (each a JSON Pointer), and those it must translate to be published',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    query: z.object({
      locale: z.string().check(z.maxLength(20), z.regex(LOCALE_CODE, 'A language is a code such as es')),
    }),
    response: z.object({
      locale: z.string(),
      texts: z.number().check(z.int()),
      /** The default language's words of each text visitors read, by JSON Pointer: what a translator translates. */
      words: z.record(z.string(), z.string()),
      fellBack: z.array(z.string()),
      missingRequired: z.array(z.string()),
    }),
  }),
  versions: contract({
    method: 'get',
    path: '/api/cms/versions',
    summary: 'Published versions, newest first (who, when, note)',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    response: versionsSchema,
  }),
  restore: contract({
    method: 'post',
    path: '/api/cms/versions/:id/restore',
    summary: 'Copies an old version into the draft',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    params: idParam,
    response: draftSchema,
  }),
  previewToken: contract({
    method: 'post',
    path: '/api/cms/preview-token',
    summary: 'A signed, expiring link to preview the draft without signing in',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    status: 201,
    body: previewTokenRequestSchema,
    response: previewTokenSchema,
  }),
  revokePreviewTokens: contract({
    method: 'post',
    path: '/api/cms/preview-token/revoke',
    summary: 'Ends every preview link of the tenant made until now',
    tags: CONTENT,
    access: CONTENT_MANAGERS,
    response: previewRevocationSchema,
  }),
}
