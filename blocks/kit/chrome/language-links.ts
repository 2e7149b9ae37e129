import type { BlockContext } from '#engine'

/** What the header's language links are made of: the content's languages, the page's and where the visitor is. */
export interface LanguageLinksProps {
  /** The links' name (screen readers), from the header's texts. */
  label: string
  /** The page's language. */
  current: string
  /** The page's site path, with its query: the same page opens in the chosen language. */
  path: string
  links: readonly { code: string; name: string }[]
}

/** The header's language links, when the content publishes more than one language (every header variant shows them). */
export function languageLinks(context: BlockContext): LanguageLinksProps | undefined {
  const languages = context.content.base.variables.languages
  const search = context.search.toString()
  return languages.length > 1
    ? {
        label: context.content.header.variables.texts.languages,
        current: context.locale,
        path: search ? `${context.pathname}?${search}` : context.pathname,
        links: languages,
      }
    : undefined
}
