import { siteContentSchema } from '#engine/tools'
import { GENERATED_NOTICE, generateJsonSchemas } from '#schemas/json-schema.ts'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'

/** Every generated JSON Schema: the generic ones from zod, and the site's content schema from its registry. */
export async function allJsonSchemas(): Promise<Record<string, Record<string, unknown>>> {
  const generic = generateJsonSchemas()
  return {
    ...generic,
    'site-content.schema.json': {
      ...(await siteContentSchema(site.contentSchema, registry)),
      $comment: GENERATED_NOTICE,
    },
  }
}
