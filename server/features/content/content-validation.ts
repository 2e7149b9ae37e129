import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { z } from '#schemas/engine/zod.ts'
import { ONE_LANGUAGE } from '#engine'
import { contentSanitizer, contentSchemaOf } from '#engine/server'
import { CONTENT_MAX_BYTES } from '#schemas/api/content.ts'
import { cmsContentSchema, type CmsContent } from '#schemas/cms.ts'
import { followTexts, localizedTexts, localizedWords, mustTranslate, translate, type Translated } from '#engine/server'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { migrateCmsContent } from '#schemas/migrations.ts'
import { ValidationError, type ValidationIssue } from '#schemas/engine/validation-error.ts'

// The site's schema: the generic one with the registered blocks (an unknown section block, or a
// section's invalid settings, are refused here as the editor refuses them).
// Compiled with the first content checked, not as the server loads: a start with a bad setting
// stops at once, and one that serves only pages does not wait for it.
let compiled: Promise<ValidateFunction> | undefined
const validator = () =>
  (compiled ??= contentSchemaOf(site, registry).then((schema) =>
    new Ajv2020({ allErrors: true, strict: false }).compile(schema),
  ))

/** The site's content with every HTML field sanitised (engine/server/content-html.ts). */
export const sanitizeSiteContent = contentSanitizer(site, registry)

/**
 * The content in a language the content translates: each translated text (`translations[locale]`)
 * in place of the default's, its HTML sanitised, and the texts that fell back to the default's.
 */
export async function contentInLanguage(content: CmsContent, locale: string): Promise<Translated<CmsContent>> {
  const translated = translate(await contentSchemaOf(site, registry), content, content.translations?.[locale])
  return { ...translated, content: await sanitizeSiteContent(translated.content) }
}

/** What of a language is still the default's: every text without its own, and those it must have to be published. */
export interface TranslationStatus {
  locale: string
  /** How many texts visitors read, in all. */
  texts: number
  /** The default language's words of each, by JSON Pointer. */
  words: Record<string, string>
  fellBack: string[]
  /** Of those, the texts the language must have its own of (legal texts) to be published. */
  missingRequired: string[]
}

/** A language's translation of the content: what is left in the default language, and what it must translate to be published. */
export async function translationStatus(content: CmsContent, locale: string): Promise<TranslationStatus> {
  const schema = await contentSchemaOf(site, registry)
  const texts = localizedTexts(schema, content)
  const { fellBack } = translate(schema, content, content.translations?.[locale])
  const required = mustTranslate(texts, site.locales?.required ?? [])
  const words = Object.fromEntries(localizedWords(schema, content))
  return { locale, texts: texts.size, words, fellBack, missingRequired: fellBack.filter(required) }
}

/** Each published language's legal texts still in the default language: publishing is refused at each. */
export async function missingTranslations(content: CmsContent): Promise<ValidationIssue[]> {
  const locales = site.locales ?? ONE_LANGUAGE
  const languages = locales.published(content).filter((language) => language.code !== locales.default)
  const statuses = await Promise.all(languages.map((language) => translationStatus(content, language.code)))
  return statuses.flatMap((status, index) =>
    status.missingRequired.map((pointer) => ({
      path: ['translations', status.locale, pointer],
      message: `Required in every published language: translate it, or publish without ${languages[index]!.name}`,
    })),
  )
}

/** Content as the site reads it, or undefined where it does not parse (its save is refused with the issues). */
function parsed(raw: unknown): CmsContent | undefined {
  try {
    const result = cmsContentSchema.safeParse(migrateCmsContent(raw))
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

/**
 * A draft edited from `before`, its translations kept with the texts they translate (a list
 * reordered or shortened moves or drops them: docs/adr/0029): a content manager who removes a
 * question of the FAQ does not leave its Spanish on the next one.
 */
export async function followTranslations(before: unknown, after: unknown): Promise<unknown> {
  const next = parsed(after)
  const previous = parsed(before)
  if (!next?.translations || !previous || after === null || typeof after !== 'object') return after
  const translations = followTexts(await contentSchemaOf(site, registry), previous, next, next.translations)
  return { ...after, translations }
}

/** What each language's translations get wrong: a text the content does not have, or one its field refuses. */
async function translationIssues(content: CmsContent): Promise<ValidationIssue[]> {
  const schema = await contentSchemaOf(site, registry)
  return Object.entries(content.translations ?? {}).flatMap(([locale, texts]) => {
    const { unmatched, invalid } = translate(schema, content, texts)
    return [
      ...unmatched.map((pointer) => ({
        path: ['translations', locale, pointer],
        message: 'No text of the content is at this address (was it moved, or removed?)',
      })),
      ...invalid.map(({ pointer, message }) => ({ path: ['translations', locale, pointer], message })),
    ]
  })
}

const pointerToPath = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
// (JSON.stringify gives undefined for undefined, whatever its type says.)
const jsonBytes = (value: unknown) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)))

/**
 * Where content too large is largest: from the top, into the part that holds more than half of
 * what is around it, as long as one does (a huge text is named itself; many small items, their list).
 */
function largestPart(content: unknown): (string | number)[] {
  const path: (string | number)[] = []
  let node = content
  for (;;) {
    if (node === null || typeof node !== 'object') return path
    const size = jsonBytes(node)
    const parts = Object.entries(node as Record<string, unknown>).map(([key, value]) => ({
      key: Array.isArray(node) ? Number(key) : key,
      value,
      bytes: jsonBytes(value),
    }))
    const largest = parts.reduce<(typeof parts)[number] | undefined>(
      (found, part) => (!found || part.bytes > found.bytes ? part : found),
      undefined,
    )
    if (!largest || largest.bytes * 2 < size) return path
    path.push(largest.key)
    node = largest.value
  }
}

/** Content larger than CONTENT_MAX_BYTES is refused at its largest part, before any other check reads it. */
function checkSize(raw: unknown) {
  const bytes = jsonBytes(raw)
  if (bytes <= CONTENT_MAX_BYTES) return
  const path = largestPart(raw)
  let part: unknown = raw
  for (const key of path) part = (part as Record<string | number, unknown>)[key]
  throw new ValidationError([
    {
      path,
      message: `The content is ${megabytes(bytes)}, more than the ${megabytes(CONTENT_MAX_BYTES)} it may be: this part is ${megabytes(jsonBytes(part))}`,
    },
  ])
}

/**
 * Checks content before it is saved: against the generated JSON Schema with ajv (what the
 * editor validates with) and with zod (what the site parses with). Throws a ValidationError
 * with one issue per problem, each at its path.
 */
export async function validateContent(raw: unknown): Promise<Record<string, unknown>> {
  checkSize(raw)
  const validate = await validator()
  let content: unknown
  try {
    content = migrateCmsContent(raw)
  } catch (error) {
    throw new ValidationError([
      { path: ['schema_version'], message: error instanceof Error ? error.message : String(error) },
    ])
  }
  const zod = cmsContentSchema.safeParse(content)
  if (zod.success && validate(content)) {
    const translations = await translationIssues(zod.data)
    if (translations.length > 0) throw new ValidationError(translations)
    return z.record(z.string(), z.unknown()).parse(content)
  }
  const issues: ValidationIssue[] = zod.success ? [] : ValidationError.fromZod(zod.error).issues
  for (const error of validate.errors ?? []) {
    const path = pointerToPath(error.instancePath)
    const missing =
      error.keyword === 'required' && typeof error.params.missingProperty === 'string'
        ? [error.params.missingProperty]
        : []
    const at = [...path, ...missing]
    if (!issues.some((issue) => issue.path.join('.') === at.join('.')))
      issues.push({ path: at, message: error.message ?? 'Invalid value' })
  }
  throw new ValidationError(issues)
}
