import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { z } from '#schemas/zod.ts'
import { contentSanitizer, contentSchemaOf } from '#engine/server'
import { cmsContentSchema } from '#schemas/cms.ts'
import { registry } from '#site-config/registry.ts'
import { migrateCmsContent } from '#schemas/migrations.ts'
import { ValidationError, type ValidationIssue } from '#schemas/validation-error.ts'

// The site's schema: the generic one with the registered blocks (an unknown section block, or a
// section's invalid settings, are refused here as the editor refuses them).
// Compiled with the first content checked, not as the server loads: a start with a bad setting
// stops at once, and one that serves only pages does not wait for it.
let compiled: Promise<ValidateFunction> | undefined
const validator = () => (compiled ??= contentSchemaOf(registry).then((schema) => new Ajv2020({ allErrors: true, strict: false }).compile(schema)))

/** The site's content with every HTML field sanitised (engine/server/content-html.ts). */
export const sanitizeSiteContent = contentSanitizer(registry)

const pointerToPath = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))

/**
 * Checks content before it is saved: against the generated JSON Schema with ajv (what the
 * editor validates with) and with zod (what the site parses with). Throws a ValidationError
 * with one issue per problem, each at its path.
 */
export async function validateContent(raw: unknown): Promise<Record<string, unknown>> {
  const validate = await validator()
  let content: unknown
  try {
    content = migrateCmsContent(raw)
  } catch (error) {
    throw new ValidationError([{ path: ['schema_version'], message: error instanceof Error ? error.message : String(error) }])
  }
  const zod = cmsContentSchema.safeParse(content)
  if (zod.success && validate(content)) return z.record(z.string(), z.unknown()).parse(content)
  const issues: ValidationIssue[] = zod.success ? [] : ValidationError.fromZod(zod.error).issues
  for (const error of validate.errors ?? []) {
    const path = pointerToPath(error.instancePath)
    const missing = error.keyword === 'required' && typeof error.params.missingProperty === 'string' ? [error.params.missingProperty] : []
    const at = [...path, ...missing]
    if (!issues.some((issue) => issue.path.join('.') === at.join('.'))) issues.push({ path: at, message: error.message ?? 'Invalid value' })
  }
  throw new ValidationError(issues)
}
