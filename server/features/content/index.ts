/**
 * The content feature's door: what other features and the app's frame (server/app.ts,
 * server/middleware.ts) use of it (a lint zone refuses any other way in).
 */
export { createDbContentService } from './db-content-service.ts'
export type { DbContentService } from './db-content-service.ts'
export { readTenantContent, readTenantDraft } from './content-files.ts'
export { canSeeDraft, DRAFT_FORBIDDEN, PREVIEW_TOKEN_COOKIE } from './draft-access-routes.ts'
export { PUBLISHED, UnknownVersionError, WORKING } from './content-service.ts'
export type { ContentService } from './content-service.ts'
export { StaleDraftError } from './db-content-service.ts'
export { languagesOf, messageWords, pageLanguage, publishedLanguages, SITE_LANGUAGE } from './page-language.ts'
