import type { CmsContent } from '#schemas/cms.ts'

/** The published version, when no version is named. */
export const PUBLISHED = 'published'
/** The draft content managers edit. */
export const WORKING = 'working'

export class UnknownVersionError extends Error {
  override readonly name = 'UnknownVersionError'
  constructor(readonly version: string) {
    super(`Unknown content version ${version}`)
  }
}

/**
 * The content service: each tenant's content, by version. Implementations return parsed
 * content; stored content that no longer parses is logged and the last version that parsed
 * is served instead, so bad content never takes the site down.
 */
export interface ContentService {
  /**
   * Throws UnknownVersionError for a version the tenant does not have. `locale`: the content in that
   * language, its translations in place of the default texts (the default's where it has none).
   */
  get(groupKey: string, version?: string, locale?: string): Promise<CmsContent>
}
