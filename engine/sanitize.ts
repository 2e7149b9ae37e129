import type { Config } from 'dompurify'

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

type JsonSchema = Record<string, unknown>
const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const branchesOf = (schema: JsonSchema): JsonSchema[] =>
  [schema.anyOf, schema.oneOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list.filter(isRecord) : []))
const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value
const admits = (schema: JsonSchema, type: string) =>
  schema.type === undefined ||
  schema.type === type ||
  (Array.isArray(schema.type) && schema.type.includes(type)) ||
  (type === 'number' && schema.type === 'integer')

/** Whether a string under this schema is HTML: the schema, or a string branch of it, says `contentMediaType: text/html`. */
const isHtml = (schema: JsonSchema): boolean =>
  schema.contentMediaType === 'text/html' ||
  branchesOf(schema).some((branch) => admits(branch, 'string') && isHtml(branch))

/**
 * The branches of a union that describe this value: the one its discriminator names (a section's
 * `block`), else those of the value's JSON type.
 */
function chosenBranches(schema: JsonSchema, value: unknown): JsonSchema[] {
  const branches = branchesOf(schema)
  const discriminator = isRecord(schema.discriminator) ? schema.discriminator.propertyName : undefined
  if (typeof discriminator === 'string' && isRecord(value)) {
    return branches.filter(
      (branch) =>
        isRecord(branch.properties) &&
        isRecord(branch.properties[discriminator]) &&
        branch.properties[discriminator].const === value[discriminator],
    )
  }
  return branches.filter((branch) => admits(branch, jsonType(value)))
}

/**
 * A value with every string its JSON Schema marks `contentMediaType: text/html` sanitised, and
 * nothing else changed. The HTML fields are the schema's, never a list written by hand: a block
 * whose props schema marks a new field as rich text has it sanitised with no other change. Objects
 * and arrays are copied only where something changed, so clean content stays the same object.
 */
export function sanitizeHtmlFields<T>(schema: JsonSchema, value: T, sanitize: Sanitize): T {
  const root = schema
  const resolve = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return node
    let target: unknown = root
    for (const part of node.$ref.slice(2).split('/').filter(Boolean))
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
    return isRecord(target) ? target : node
  }
  const walk = (given: JsonSchema, value: unknown): unknown => {
    const node = resolve(given)
    if (typeof value === 'string') return isHtml(node) ? sanitize(value) : value
    let result = value
    for (const branch of chosenBranches(node, value)) result = walk(branch, result)
    if (Array.isArray(result) && isRecord(node.items)) {
      const items = node.items
      const next = result.map((item: unknown) => walk(items, item))
      return next.some((item, index) => item !== (result as unknown[])[index]) ? next : result
    }
    if (isRecord(result)) {
      const properties = isRecord(node.properties) ? node.properties : {}
      const rest = isRecord(node.additionalProperties) ? node.additionalProperties : undefined
      let copy: JsonSchema | undefined
      for (const [key, item] of Object.entries(result)) {
        const field = isRecord(properties[key]) ? properties[key] : rest
        if (!field) continue
        const clean = walk(field, item)
        if (clean !== item) (copy ??= { ...result })[key] = clean
      }
      return copy ?? result
    }
    return result
  }
  return walk(schema, value) as T
}
