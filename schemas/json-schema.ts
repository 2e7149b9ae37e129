import { z } from './engine/zod.ts'
import { cmsContentSchema } from './cms.ts'
import { siteManifestSchema } from './pages.ts'

export const GENERATED_NOTICE = 'Generated from the zod schemas in schemas/ by `npm run schemas:generate`. Do not edit.'

/**
 * JSON Schema (draft 2020-12) of what content managers and site authors write: the input side
 * of each zod schema, so it accepts exactly what zod accepts (defaults not yet applied).
 */
export function generateJsonSchemas(): Record<string, Record<string, unknown>> {
  // The manifest's search schemas are code (zod schemas), not data: they appear as `{}` there.
  const toJson = (schema: z.ZodMiniType, id: string, title: string, unrepresentable: 'throw' | 'any' = 'throw') => ({
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable }),
    $id: id,
    title,
    $comment: GENERATED_NOTICE,
  })
  return {
    'cms-content.schema.json': toJson(
      cmsContentSchema,
      'https://dental-engine.local/schemas/cms-content.json',
      'CMS content',
    ),
    'manifest.schema.json': toJson(
      siteManifestSchema,
      'https://dental-engine.local/schemas/manifest.json',
      'Route manifest',
      'any',
    ),
  }
}
