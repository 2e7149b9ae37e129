import { z } from '#schemas/engine/zod.ts'
import { maybeOne, type Queryable } from '../../platform/db/database.ts'

const generationRow = z.object({ generation: z.number() })

/** The tenant's preview-link generation; none before its first revocation. */
export const previewGenerationOf = (db: Queryable, groupKey: string) =>
  maybeOne(db, generationRow, 'SELECT generation FROM preview_generations WHERE group_key = $1', [groupKey])

/** Moves the tenant's generation on by one (to 1 from none). */
export async function nextPreviewGeneration(db: Queryable, groupKey: string) {
  await db.query(
    'INSERT INTO preview_generations (group_key, generation) VALUES ($1, 1) ON CONFLICT (group_key) DO UPDATE SET generation = preview_generations.generation + 1',
    [groupKey],
  )
}
