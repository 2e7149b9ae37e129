import { cmsContentSchema, type CmsContent } from './cms.ts'
import { migrateCmsContent } from './migrations.ts'
import { ValidationError } from './engine/validation-error.ts'

export interface ParseLogger {
  (message: string, details: unknown): void
}

/**
 * Migrates raw content to the current schema version and parses it.
 * On failure it logs `Unable to parse CMS Schema` with the issues and throws a
 * {@link ValidationError} whose message is `Validation error: …; …`.
 */
export function parseCmsContent(raw: unknown, log: ParseLogger = console.error): CmsContent {
  const result = cmsContentSchema.safeParse(migrateCmsContent(raw))
  if (result.success) return result.data
  const error = ValidationError.fromZod(result.error)
  log('Unable to parse CMS Schema', error.issues)
  throw error
}
