import type { Config } from 'dompurify'
import type { CmsContent } from '#schemas/cms.ts'

/** Turns untrusted HTML into HTML that is safe to insert. */
export type Sanitize = (html: string) => string

/**
 * Link and image addresses rich text may use: http, https, mailto, tel and ftp, data:image,
 * relative addresses and anchors. Everything else (javascript:, vbscript:, data:text/html,
 * unknown schemes) is removed.
 */
export const ALLOWED_URI = /^(?:(?:https?|mailto|tel|ftp):|data:image\/|[^a-z]|[a-z0-9+.-]+(?:[^a-z0-9+.\-:]|$))/i

/** The fixed tag and attribute lists of rich text. */
export const RICH_TEXT_CONFIG = {
  ALLOWED_TAGS: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'em', 'h2', 'h3', 'h4', 'hr', 'i', 'img', 'li', 'ol',
    'p', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'ul',
  ],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'title', 'alt', 'src', 'width', 'height'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config

/** How many sanitised texts a sanitiser remembers (oldest forgotten first). */
export const SANITIZE_CACHE_SIZE = 500

/**
 * Content with every rich-text field sanitised. The fields are those of RICH_TEXT_PATHS; a test
 * puts hostile HTML in each path the schema marks as HTML and checks none survives.
 */
export function sanitizeContent(content: CmsContent, sanitize: Sanitize): CmsContent {
  const clean = (html: string | undefined) => (html === undefined ? undefined : sanitize(html))
  return {
    ...content,
    header: { variables: { ...content.header.variables, headerBannerText: clean(content.header.variables.headerBannerText) } },
    footer: { variables: { ...content.footer.variables, footer_txt: clean(content.footer.variables.footer_txt) } },
    landing_pages: content.landing_pages.map((page) => ({ ...page, body: clean(page.body) })),
  }
}
