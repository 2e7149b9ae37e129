import type { Config } from 'dompurify'
import { mapStrings, type JsonSchema } from './schema-walk.ts'

/** Turns untrusted HTML into HTML that is safe to insert. */
export type Sanitize = (html: string) => string

/**
 * Link and image addresses rich text may use: http, https, mailto, tel and ftp, data:image,
 * relative addresses and anchors. Everything else (javascript:, vbscript:, data:text/html,
 * unknown schemes) is removed. Two more rules are the sanitiser's hooks (engine/purify.ts): a
 * link's address is never `data:`, and never protocol-relative (`//host`, `/\host`, `\\host`:
 * another site in the same tab).
 */
export const ALLOWED_URI = /^(?:(?:https?|mailto|tel|ftp):|data:image\/|[^a-z]|[a-z0-9+.-]+(?:[^a-z0-9+.\-:]|$))/i

/**
 * Whether an address, read as a browser's URL parser reads it (tabs and line breaks removed,
 * leading spaces and control characters trimmed, `\` as `/`), names another host without a
 * scheme: `//evil.example`, `/\evil.example`, `\\evil.example`, `/\t/evil.example`.
 */
export const isProtocolRelative = (address: string): boolean => /^[/\\]{2}/.test(asParsed(address))

/** An address as the URL parser reads it: leading C0 controls and spaces trimmed, tabs and line breaks removed. */
export function asParsed(address: string): string {
  let start = 0
  while (start < address.length && address.charCodeAt(start) <= 0x20) start += 1
  return address.slice(start).replace(/[\t\n\r]/g, '')
}

/** The fixed tag and attribute lists of rich text. */
export const RICH_TEXT_CONFIG = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'code',
    'em',
    'h2',
    'h3',
    'h4',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'title', 'alt', 'src', 'width', 'height'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config

/** How many sanitised texts a sanitiser remembers (oldest forgotten first). */
export const SANITIZE_CACHE_SIZE = 500

/** Whether a string under these schemas (its field's, a string branch of it) is HTML: one says `contentMediaType: text/html`. */
const isHtml = (schemas: readonly JsonSchema[]): boolean =>
  schemas.some((schema) => schema.contentMediaType === 'text/html')

/**
 * A value with every string its JSON Schema marks `contentMediaType: text/html` sanitised, and
 * nothing else changed. The HTML fields are the schema's, never a list written by hand: a block
 * whose props schema marks a new field as rich text has it sanitised with no other change. Objects
 * and arrays are copied only where something changed, so clean content stays the same object.
 */
export function sanitizeHtmlFields<T>(schema: JsonSchema, value: T, sanitize: Sanitize): T {
  return mapStrings(schema, value, (text, schemas) => (isHtml(schemas) ? sanitize(text) : text))
}
