import type { SiteLanguage, SiteLocales } from './site.ts'

/** A site that declares no languages speaks English alone. */
export const ONE_LANGUAGE: SiteLocales = { default: 'en', published: () => [] }

/** The router's basename of a page in `locale`: the default has none, another locale its prefix (`/es`). */
export const basenameOf = (locale: string, defaultLocale: string): string =>
  locale === defaultLocale ? '/' : `/${locale}`

/** A site path (without prefix, `/faq?x=1`) as it is addressed in `locale` (`/es/faq?x=1`). */
export function localePath(path: string, locale: string, defaultLocale: string): string {
  const base = basenameOf(locale, defaultLocale)
  if (base === '/') return path
  return path === '/' || path.startsWith('/?') ? `${base}${path.slice(1)}` : `${base}${path}`
}

/** A path without the page's basename (`/es/faq` under `/es` is `/faq`); one outside it is kept. */
export function withoutBasename(pathname: string, basename: string): string {
  if (basename === '/') return pathname
  if (pathname === basename) return '/'
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname
}

/**
 * The site's links in sanitised HTML (`<a href="/faq">`, as DOMPurify writes attributes) in the
 * page's language (`/es/faq`): a rich text's links stay in the language it is read in.
 */
export const localizeLinks = (html: string, basename: string): string =>
  basename === '/' ? html : html.replace(/(<a\s[^>]*?href=")\/(?![/\\])/g, `$1${basename}/`)

/** The locale a path asks for: its first segment when that is a published language other than the default. */
export function localeOfPath(pathname: string, languages: readonly SiteLanguage[], defaultLocale: string): string {
  const first = pathname.split('/')[1] ?? ''
  return first !== defaultLocale && languages.some((language) => language.code === first) ? first : defaultLocale
}
