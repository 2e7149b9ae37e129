import type { Route } from '#schemas/engine/manifest.ts'
import { localePath } from '../locale.ts'
import { languageChoiceHref } from '../language-choice.ts'
import type { SiteLanguage, SiteManifest } from '../site.ts'
import { escapeHtml, type Alternate } from './document.ts'

/** The cookie that keeps a visitor's choice of language (set where they chose it: `languageChoice`). */
export const LOCALE_COOKIE = 'locale'

/**
 * The same page in each published language, and `x-default` (the default language's, which serves
 * a visitor whose language none is): none when the site speaks one language.
 */
export function alternates(
  origin: string,
  path: string,
  languages: readonly SiteLanguage[],
  defaultLocale: string,
): Alternate[] {
  if (languages.length < 2) return []
  const href = (code: string) => new URL(localePath(path, code, defaultLocale), origin).href
  return [
    ...languages.map((language) => ({ hreflang: language.code, href: href(language.code) })),
    { hreflang: 'x-default', href: href(defaultLocale) },
  ]
}

/**
 * A visitor's choice of language (`/language?choose=es&path=/faq`): the language to remember and the
 * page to open in it; undefined when `choose` is not a published language. A path that is not one of
 * this site's (another host, `//`, `\`) opens the home page instead: the choice never leaves the site.
 */
export function languageChoice(
  url: URL,
  languages: readonly SiteLanguage[],
  defaultLocale: string,
): { locale: string; location: string } | undefined {
  const locale = url.searchParams.get('choose') ?? ''
  if (locale !== defaultLocale && !languages.some((language) => language.code === locale)) return undefined
  const base = 'http://site.invalid'
  const asked = url.searchParams.get('path') ?? '/'
  const target = asked.startsWith('/') && !asked.includes('\\') ? new URL(asked, base) : undefined
  const path = target?.origin === base ? `${target.pathname}${target.search}` : '/'
  return { locale, location: localePath(path, locale, defaultLocale) }
}

/**
 * The suggestion of a visitor's preferred language on a page in another: in that language, with a
 * link to the page in it and one that keeps this page's language (both remember the choice). Part of
 * the document, not of the app: the rendered page stays the same for every visitor.
 */
export function suggestionHtml(suggested: SiteLanguage, current: string, path: string): string {
  const words = suggested.suggestion
  if (!words) return ''
  const code = escapeHtml(suggested.code)
  return [
    `<aside class="locale-suggestion" lang="${code}" aria-label="${escapeHtml(suggested.name)}">`,
    `<p>${escapeHtml(words.text)}</p>`,
    `<p><a href="${escapeHtml(languageChoiceHref(suggested.code, path))}" hreflang="${code}">${escapeHtml(words.accept)}</a>`,
    ` <a href="${escapeHtml(languageChoiceHref(current, path))}">${escapeHtml(words.decline)}</a></p>`,
    `</aside>`,
  ].join('')
}

/** The manifest's pages anyone may open at a fixed address (no parameter, no sign-in, nothing personal). */
export function publicPaths(manifest: SiteManifest): string[] {
  const paths: string[] = []
  const walk = (routes: readonly Route[], prefix: string) => {
    for (const route of routes) {
      if (route.access === 'member' || route.personal) continue
      const own = route.index
        ? prefix
        : route.path!.startsWith('/')
          ? route.path!
          : `${prefix.replace(/\/$/, '')}/${route.path!}`
      if (!own.includes(':')) paths.push(own || '/')
      walk(route.children ?? [], own)
    }
  }
  walk(manifest.routes, '')
  return [...new Set(paths)]
}

/** The sitemap (sitemaps.org) of `paths`, each with its alternates in every published language. */
export function sitemapXml(
  origin: string,
  paths: readonly string[],
  languages: readonly SiteLanguage[],
  defaultLocale: string,
): string {
  const urls = paths.flatMap((path) => {
    const links = alternates(origin, path, languages, defaultLocale)
    const addresses = languages.length < 2 ? [defaultLocale] : languages.map((language) => language.code)
    return addresses.map((code) =>
      [
        '<url>',
        `<loc>${escapeHtml(new URL(localePath(path, code, defaultLocale), origin).href)}</loc>`,
        ...links.map(
          (link) =>
            `<xhtml:link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}"/>`,
        ),
        '</url>',
      ].join(''),
    )
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
  ].join('\n')
}
