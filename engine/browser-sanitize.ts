import { createSanitizer } from './purify.ts'
import type { Sanitize } from './sanitize.ts'

let sanitizer: Sanitize | undefined
/**
 * DOMPurify over the browser's window, created on first use. The site's pages load it only when
 * they sanitise in the browser (content fetched for a preview, an HTML confirm message); the
 * playground and the stories use it directly.
 */
export const browserSanitize: Sanitize = (html) => (sanitizer ??= createSanitizer(window))(html)
