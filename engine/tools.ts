/**
 * The engine for the tools, not the site: the playground's preview, the stories' frame and
 * controls, the editor's content schema and the browser's DOMPurify. A subpath of its own (`#engine/tools`) so that the site's pages, which
 * import `#engine`, do not carry them (docs/adr/0013: DOMPurify stays out of the pages).
 */
export { BlockFrame, type BlockFrameProps } from './block-frame.tsx'
export { PreviewSite, type PreviewSiteProps } from './preview-site.tsx'
export { browserSanitize } from './browser-sanitize.ts'
export { createSanitizer } from './purify.ts'
export { siteContentSchema } from './content-schema.ts'
export { argTypesFromSchema, type ArgControl } from './story-controls.ts'
export { localizedTexts, localizedWords, mustTranslate, translate } from './localized.ts'
