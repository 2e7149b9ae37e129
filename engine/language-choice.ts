// A module of its own: only the language links (a chunk loaded when they render in the browser) and the server use it.

/** Where a visitor's choice of language goes (the switcher's links, the suggestion's): the server remembers it. */
export const LANGUAGE_CHOICE_PATH = '/language'

/** The address that remembers `code` as the visitor's language and opens the site path `path` in it. */
export const languageChoiceHref = (code: string, path: string): string =>
  `${LANGUAGE_CHOICE_PATH}?${new URLSearchParams({ choose: code, path })}`
