import { z } from '#schemas/engine/zod.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

const versionRow = z.object({
  id: z.number(),
  content: z.unknown(),
  note: z.string(),
  published_by: z.string(),
  published_at: z.coerce.date(),
})
const draftRow = z.object({
  content: z.unknown(),
  revision: z.number(),
  updated_by: z.string(),
  updated_at: z.coerce.date(),
})

/** The id of the tenant's newest published version (what the cache checks it is still at). */
export const latestVersionId = (db: Queryable, groupKey: string) =>
  maybeOne(
    db,
    z.pick(versionRow, { id: true }),
    'SELECT id FROM content_versions WHERE group_key = $1 ORDER BY id DESC LIMIT 1',
    [groupKey],
  )

export const latestVersion = (db: Queryable, groupKey: string) =>
  maybeOne(db, versionRow, 'SELECT * FROM content_versions WHERE group_key = $1 ORDER BY id DESC LIMIT 1', [groupKey])

/** The tenant's 20 newest versions, newest first: those the site falls back through when one does not parse. */
export const recentVersions = (db: Queryable, groupKey: string) =>
  many(db, versionRow, 'SELECT * FROM content_versions WHERE group_key = $1 ORDER BY id DESC LIMIT 20', [groupKey])

export const versionById = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(db, versionRow, 'SELECT * FROM content_versions WHERE group_key = $1 AND id = $2', [groupKey, id])

/** Every version of the tenant without its content, newest first. */
export const versionList = (db: Queryable, groupKey: string) =>
  many(
    db,
    z.omit(versionRow, { content: true }),
    'SELECT id, note, published_by, published_at FROM content_versions WHERE group_key = $1 ORDER BY id DESC',
    [groupKey],
  )

export async function insertVersion(
  db: Queryable,
  version: { groupKey: string; content: Record<string, unknown>; note: string; by: string },
) {
  const [row] = await many(
    db,
    z.pick(versionRow, { id: true }),
    'INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [version.groupKey, version.content, version.note, version.by],
  )
  return row!
}

export const draftOf = (db: Queryable, groupKey: string) =>
  maybeOne(db, draftRow, 'SELECT content, revision, updated_by, updated_at FROM content_drafts WHERE group_key = $1', [
    groupKey,
  ])

/** The draft's revision, locked for the transaction (another save waits, then sees this one's). */
export const lockDraftRevision = (tx: Queryable, groupKey: string) =>
  maybeOne(
    tx,
    z.pick(draftRow, { revision: true }),
    'SELECT revision FROM content_drafts WHERE group_key = $1 FOR UPDATE',
    [groupKey],
  )

/** Writes the tenant's one draft (a first one, or over the one there). */
export async function upsertDraft(
  db: Queryable,
  draft: { groupKey: string; content: Record<string, unknown>; revision: number; by: string; at: Date },
) {
  await db.query(
    `INSERT INTO content_drafts (group_key, content, revision, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (group_key) DO UPDATE SET content = EXCLUDED.content, revision = EXCLUDED.revision, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [draft.groupKey, draft.content, draft.revision, draft.by, draft.at],
  )
}
