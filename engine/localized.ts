import { LOCALIZED } from '#schemas/engine/localized.ts'
import { mapStrings, type JsonSchema } from './schema-walk.ts'

/** How a text under these schemas is translated: the nearest mark (a field's, then its string branch's). */
const markOf = (schemas: readonly JsonSchema[]): unknown =>
  schemas.reduce<unknown>((mark, schema) => (LOCALIZED in schema ? schema[LOCALIZED] : mark), undefined)

/** The texts of content that visitors read, by JSON Pointer (`/pages/faq/title`): whether each language must have its own. */
export function localizedTexts(schema: JsonSchema, content: unknown): Map<string, 'optional' | 'required'> {
  const texts = new Map<string, 'optional' | 'required'>()
  mapStrings(
    schema,
    content,
    (text, schemas, pointer) => {
      const mark = markOf(schemas)
      if (mark === true || mark === 'required') texts.set(pointer, mark === true ? 'optional' : 'required')
      return text
    },
    { defaults: true },
  )
  return texts
}

/**
 * Whether a language must have its own of a text before it is published: its field marks it
 * (`localized(…, { required: true })`), or it is under an address the site names (`SiteLocales.required`:
 * a legal page). The one rule the server's refusal and the playground's list both read.
 */
export const mustTranslate =
  (texts: ReadonlyMap<string, 'optional' | 'required'>, requiredPlaces: readonly string[]) =>
  (pointer: string): boolean =>
    texts.get(pointer) === 'required' ||
    requiredPlaces.some((place) => pointer === place || pointer.startsWith(`${place}/`))

/** The texts of content that visitors read, by JSON Pointer, with the default language's words. */
export function localizedWords(schema: JsonSchema, content: unknown): Map<string, string> {
  const words = new Map<string, string>()
  mapStrings(
    schema,
    content,
    (text, schemas, pointer) => {
      const mark = markOf(schemas)
      if (mark === true || mark === 'required') words.set(pointer, text)
      return text
    },
    { defaults: true },
  )
  return words
}

type Translations = Readonly<Record<string, Readonly<Record<string, string>>>>

/**
 * Each language's translations after an edit of the content (`before` → `after`), kept with the
 * texts they translate: a text that moved (a list reordered, an item above it removed) takes its
 * translations to its new address; a text removed takes them away; a text edited where it stands
 * keeps them (a typo mended does not lose the other languages). A translation of a text `before`
 * did not have stays as written (the editor's own, checked as any other).
 */
export function followTexts(schema: JsonSchema, before: unknown, after: unknown, translations: Translations) {
  const was = localizedWords(schema, before)
  const is = localizedWords(schema, after)
  // Where each text of `before` is now, when it left its address and stands at exactly one new one.
  const movedTo = new Map<string, string>()
  const byText = new Map<string, string[]>()
  for (const [pointer, text] of is)
    if (was.get(pointer) !== text) byText.set(text, [...(byText.get(text) ?? []), pointer])
  for (const [pointer, text] of was) {
    if (is.get(pointer) === text) continue
    const targets = byText.get(text) ?? []
    if (targets.length === 1) movedTo.set(pointer, targets[0]!)
  }
  const followed: Record<string, Record<string, string>> = {}
  for (const [locale, texts] of Object.entries(translations)) {
    const kept: Record<string, string> = {}
    for (const [pointer, text] of Object.entries(texts)) {
      const target = movedTo.get(pointer) ?? (!was.has(pointer) || is.has(pointer) ? pointer : undefined)
      // A text moved onto an address another translation names: the moved one is the text's now.
      if (target !== undefined && (target === pointer ? !Object.hasOwn(kept, target) : true)) kept[target] = text
    }
    followed[locale] = kept
  }
  return followed
}

/** Content in a language, and what of it is still the default's. */
export interface Translated<T> {
  content: T
  /** The texts visitors read that have no translation (they show the default language's). */
  fellBack: string[]
  /** Translations that name no text of this content (a field removed, a list shortened since, a code). */
  unmatched: string[]
  /** Translations their field refuses (too long, blank where a text is required), by pointer. */
  invalid: { pointer: string; message: string }[]
}

/** What a text's field refuses of it, from its JSON Schema (the same limits as the default's text). */
function refusal(text: string, schemas: readonly JsonSchema[]): string | undefined {
  for (const schema of schemas) {
    if (typeof schema.maxLength === 'number' && text.length > schema.maxLength)
      return `Use at most ${schema.maxLength} characters`
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text))
      return 'This text is required'
  }
  return undefined
}

/**
 * The content with each translated text (`texts`: JSON Pointer → text) in place of the default
 * language's, where the schema marks a text visitors read; the others are the default's. The
 * content keeps its shape: every block reads the same fields in every language.
 */
export function translate<T>(
  schema: JsonSchema,
  content: T,
  texts: Readonly<Record<string, string>> = {},
): Translated<T> {
  const fellBack: string[] = []
  const invalid: Translated<T>['invalid'] = []
  const seen = new Set<string>()
  const translated = mapStrings(
    schema,
    content,
    (text, schemas, pointer) => {
      const mark = markOf(schemas)
      if (mark !== true && mark !== 'required') return text
      seen.add(pointer)
      const own = Object.hasOwn(texts, pointer) ? texts[pointer] : undefined
      if (own === undefined || own.trim() === '') {
        fellBack.push(pointer)
        return text
      }
      const message = refusal(own, schemas)
      if (message === undefined) return own
      invalid.push({ pointer, message })
      return text
    },
    { defaults: true },
  )
  return {
    content: translated,
    fellBack,
    unmatched: Object.keys(texts).filter((pointer) => !seen.has(pointer)),
    invalid,
  }
}
