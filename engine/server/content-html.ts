import { siteContentSchema } from '../content-schema.ts'
import type { BlockRegistry } from '../registry.ts'
import { rememberPer } from '../remember.ts'
import { sanitizeHtmlFields } from '../sanitize.ts'
import { serverSanitize } from './purify.ts'
import { localizeLinks } from '../locale.ts'
import type { SiteContent, SiteDefinition } from '../site.ts'

/**
 * The site's content JSON Schema: the generic content schema with the registry's blocks (each
 * section's and page's own props schema), made once per registry. The content check, the
 * editor's form and the sanitiser all read the same one.
 */
const schemaPerRegistry = rememberPer((site: SiteDefinition) =>
  rememberPer((registry: BlockRegistry) => siteContentSchema(site.contentSchema, registry)),
)
export const contentSchemaOf = (site: SiteDefinition, registry: BlockRegistry) => schemaPerRegistry(site)(registry)

/**
 * Sanitises every HTML field of a site's content (raw, as stored, or parsed): the fields the
 * content schema marks `contentMediaType: text/html`, a block's too, with the server's DOMPurify.
 * The content service cleans what it saves and what it serves, so no browser receives HTML the
 * sanitiser has not cleaned, on any path (a page's first render, client navigation, a preview,
 * the content API); the renderer cleans what its sources give it once more.
 *
 * `basename`: a locale's prefix (`/es`): the HTML's site links (`<a href="/faq">`) are then that
 * language's (`/es/faq`), so a rich text read in Spanish leads on in Spanish, with no code in the browser.
 */
export function contentSanitizer(site: SiteDefinition, registry: BlockRegistry, basename = '/') {
  const sanitize = basename === '/' ? serverSanitize : (html: string) => localizeLinks(serverSanitize(html), basename)
  return async <T extends SiteContent | Record<string, unknown>>(content: T): Promise<T> =>
    sanitizeHtmlFields(await contentSchemaOf(site, registry), content, sanitize)
}
