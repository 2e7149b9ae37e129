/**
 * The site's default language: served without an address prefix, and the one every text is written
 * in first. No zod here: the site's registration (every page's start) reads it.
 */
export const DEFAULT_LANGUAGE = 'en'
