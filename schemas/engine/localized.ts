/**
 * The JSON Schema key that marks a text visitors read (docs/adr/0029): `true` (each published
 * language may have its own), `'required'` (each must), or `false` (a code, an address: the same in
 * every language). The site's field helpers set it (schemas/fields.ts); the engine reads it.
 */
export const LOCALIZED = 'x-localized'
