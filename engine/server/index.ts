/** The engine's server entry: rendering a request to a document. */
export {
  createServerRenderer,
  type RenderRequest,
  type RenderResult,
  type RenderSources,
  type ServerRenderer,
} from './render.tsx'
export type { SiteManifest } from '../site.ts'
export { followTexts, localizedTexts, localizedWords, mustTranslate, translate, type Translated } from '../localized.ts'
export { escapeHtml, HEAD_PLACEHOLDER, renderDocument, type Alternate, type DocumentParts } from './document.ts'
export { previewVersionFromRequest, readCookie } from '../preview.ts'
export { contentSanitizer, contentSchemaOf } from './content-html.ts'
export { serverSanitize } from './purify.ts'
export { NONCE_PLACEHOLDER, withNonce } from './nonce.ts'
export { alternates, languageChoice, LOCALE_COOKIE, publicPaths, sitemapXml, suggestionHtml } from './locales.ts'
