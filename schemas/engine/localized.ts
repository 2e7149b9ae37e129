/**
 * The JSON Schema key that marks a text visitors read (docs/adr/0029): `true` (each published
 * language may have its own), `'required'` (each must), or `false` (a code, an address: the same in
 * every language). The site's field helpers set it (schemas/fields.ts); the engine reads it.
 */
export const LOCALIZED = 'x-localized'

/** A language's code as addresses and `lang` carry it: `es`, `zh-hant`. */
export const LOCALE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/
