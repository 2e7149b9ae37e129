import { z } from 'zod'

export const cmsVersionQuerySchema = z.object({
  version: z.string().regex(/^(working|published|\d{1,9})$/, 'A version is a number, "published" or "working"').optional(),
  preview_token: z.string().max(400).optional(),
})

export const saveDraftSchema = z.object({
  content: z.unknown(),
  /** The draft revision the edit started from: a save based on an older one answers 409. */
  baseRevision: z.number().int().min(0),
})

export const draftSchema = z.object({
  content: z.unknown(),
  revision: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
})

export const publishSchema = z.object({ note: z.string().trim().max(500).default('') })

export const versionSummarySchema = z.object({
  id: z.number().int(),
  note: z.string(),
  publishedBy: z.string(),
  publishedAt: z.string(),
})
export const versionsSchema = z.object({ versions: z.array(versionSummarySchema), draftRevision: z.number().int() })

export const previewTokenRequestSchema = z.object({ expiresInMinutes: z.number().int().min(5).max(60 * 24 * 14).default(60 * 24) })
export const previewTokenSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() })

/** The base a tenant's content extends (null when none), and what the draft overrides. */
export const inheritanceSchema = z.object({
  base: z.unknown(),
  overrides: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), base: z.unknown().optional(), value: z.unknown().optional() })),
})
