import { z } from './engine/zod.ts'
import { LOCALIZED } from './engine/localized.ts'

/**
 * Field helpers implementing the content parsing rules of the specification:
 * missing optional text is undefined, lists default to empty, and booleans accept
 * `true`, `'true'` or `'1'` (anything else is false).
 *
 * Each helper keeps its input side representable in JSON Schema, so the generated
 * schema accepts exactly what zod accepts.
 */

/**
 * The longest value each kind of field takes: generous for what a page shows, far below what would
 * strain a page or the database (the draft as a whole has its own limits: server/features/content).
 */
export const TEXT_LIMITS = {
  text: 5_000,
  title: 300,
  link: 2_048,
  image: 700_000,
  richText: 100_000,
  flag: 16,
  phoneLink: 20,
  color: 7,
} as const
/** 100000 as 100,000: without `toLocaleString`, whose first call loads the locale data (160 ms of a phone's main thread as a page starts). */
const withCommas = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',')
const max = (kind: keyof typeof TEXT_LIMITS) =>
  z.maxLength(TEXT_LIMITS[kind], `Use at most ${withCommas(TEXT_LIMITS[kind])} characters`)

export { LOCALIZED }

/**
 * A text visitors read: each published language has its own, in the content's `translations`
 * (docs/adr/0029), falling back to the default language's. `required`: a language is not published
 * without its own (a legal text: the not-insurance disclosure, the grievance statement, the Terms).
 * The text helpers below are localized already; a block's own text field says it with this wrapper.
 */
export const localized = <T extends z.ZodMiniType>(field: T, options: { required?: boolean } = {}): T =>
  field.check(z.meta({ [LOCALIZED]: options.required ? 'required' : true }))

/** A text that is the same in every language (a code, an address, an anchor): never translated. */
export const fixed = <T extends z.ZodMiniType>(field: T): T => field.check(z.meta({ [LOCALIZED]: false }))

/** Optional text: absent, null and empty strings all read as undefined. */
export const optionalText = (description?: string) => {
  const field = localized(
    z.pipe(
      z.nullish(z.string().check(max('text'))),
      z.transform((value) => (value === null || value === '' ? undefined : value)),
    ),
  )
  return description ? field.check(z.describe(description)) : field
}

/**
 * A text the site writes today, in the content manager's words once set: absent, null, empty and
 * blank values all read as today's wording `value` (so a content service that sends empty strings
 * for untouched fields still shows a sentence).
 */
export const defaultedText = (value: string, description: string) =>
  localized(
    z.pipe(
      z._default(z.nullish(z.string().check(max('title'))), value),
      z.transform((text) => (text?.trim() ? text : value)),
    ),
  ).check(z.describe(description))

/**
 * A mail's text (a subject, a body with its `{placeholders}`): today's wording until the content
 * manager writes theirs, in each language the site publishes.
 */
export const mailText = (value: string, description: string, maxLength = 2_000) =>
  localized(z._default(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(maxLength)), value)).check(
    z.describe(description),
  )

/** A boolean as content services send it: true, 'true' or '1' is true; anything else is false. */
export const flag = (description?: string) => {
  const field = fixed(
    z.pipe(
      z.optional(z.union([z.boolean(), z.string().check(max('flag')), z.number(), z.null()])),
      z.transform((value) => value === true || value === 'true' || value === '1'),
    ),
  )
  return description ? field.check(z.describe(description)) : field
}

/** A list that reads as empty when it is missing or null. */
export const list = <T extends z.ZodMiniType>(item: T, description?: string) => {
  const field = z.pipe(
    z.nullish(z.array(item)),
    z.transform((value): z.output<T>[] => value ?? []),
  )
  return description ? field.check(z.describe(description)) : field
}

/**
 * A link as content managers write it: a site path (`/faq`), an anchor (`#plans`),
 * or an absolute http(s), mailto or tel address. Never protocol-relative (`//host`, `/\\host`: the
 * browser reads them as another site, opened in the same tab as if it were a page of this one),
 * and no tab or line break (the browser removes them, so `/<tab>/host` is `//host`).
 */
export const LINK_PATTERN = /^(?:\/(?![/\\])|#|https?:\/\/|mailto:|tel:)[^\t\n\r]*$/
export const linkSchema = z
  .string()
  .check(
    max('link'),
    z.regex(
      LINK_PATTERN,
      'Must be a site path (/…), an anchor (#…) or an http(s), mailto: or tel: address; write another site’s address in full (https://…)',
    ),
  )

export const optionalLink = (description?: string) => {
  const field = z.pipe(
    z.nullish(linkSchema),
    z.transform((value) => value ?? undefined),
  )
  return description ? field.check(z.describe(description)) : field
}

/** An image address: a site path, an http(s) address or an inline data:image. */
export const IMAGE_PATTERN = /^(\/|https?:\/\/|data:image\/)/
export const optionalImage = (description?: string) => {
  const field = z.pipe(
    z.nullish(
      z
        .string()
        .check(
          max('image'),
          z.regex(IMAGE_PATTERN, 'Must be a site path (/…), an http(s) address or a data:image address'),
          z.meta({ 'x-widget': 'image' }),
        ),
    ),
    z.transform((value) => value ?? undefined),
  )
  return description ? field.check(z.describe(description)) : field
}

/** A `tel:` link: the dialling form of a phone number. */
export const optionalPhoneLink = (description?: string) => {
  const field = fixed(
    z.pipe(
      z.nullish(
        z
          .string()
          .check(
            max('phoneLink'),
            z.regex(/^tel:\+?[0-9]{3,15}$/, 'Must be a tel: link of digits, for example tel:8005551234'),
          ),
      ),
      z.transform((value) => value ?? undefined),
    ),
  )
  return description ? field.check(z.describe(description)) : field
}

/** A CSS colour in #rrggbb form. */
export const colorSchema = z
  .string()
  .check(
    max('color'),
    z.regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour in #rrggbb form'),
    z.meta({ 'x-widget': 'color' }),
  )

/** Required text: present and not blank. Missing, blank and non-text values all get `message`. */
export const requiredText = (message: string) =>
  localized(z.string({ error: message }).check(max('title'), z.regex(/\S/, message)))

/**
 * Rich text (HTML) from content. Marked `contentMediaType: text/html` so editors show it as
 * rich text; every such field is sanitised before any browser receives it (sanitizeHtmlFields,
 * engine/sanitize.ts, finds them by this mark).
 */
export const richText = (description: string) =>
  z
    .pipe(
      z.nullish(z.string().check(max('richText'))),
      z.transform((value) => (value === null || value === '' ? undefined : value)),
    )
    .check(z.meta({ contentMediaType: 'text/html', description, [LOCALIZED]: true }))
