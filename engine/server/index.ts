/** The engine's server entry: rendering a request to a document. */
export { createServerRenderer, type RenderRequest, type RenderResult, type ServerRenderer } from './render.tsx'
export { escapeHtml, HEAD_PLACEHOLDER, renderDocument, type DocumentParts } from './document.ts'
export { previewVersionFromRequest, readCookie } from '../preview.ts'
export { contentSanitizer, contentSchemaOf } from './content-html.ts'
export { serverSanitize } from './purify.ts'
export { NONCE_PLACEHOLDER, withNonce } from './nonce.ts'
