import { describe, expect, it } from 'vitest'
import { localeOfPath, localePath, localizeLinks, withoutBasename } from '../locale.ts'
import { testManifest } from '../test-helpers.tsx'
import { alternates, languageChoice, publicPaths, sitemapXml, suggestionHtml } from './locales.ts'

const en = { code: 'en', name: 'English' }
const es = {
  code: 'es',
  name: 'Español',
  suggestion: { text: 'También en español <b>', accept: 'Ver en español', decline: 'No, gracias' },
}
const ORIGIN = 'https://dental.example'

describe('the address of a page in a language', () => {
  it('puts a locale other than the default in front of the path, the home page being the prefix alone', () => {
    expect(localePath('/faq?x=1', 'es', 'en')).toBe('/es/faq?x=1')
    expect(localePath('/', 'es', 'en')).toBe('/es')
    expect(localePath('/?zip=90210', 'es', 'en')).toBe('/es?zip=90210')
    expect(localePath('/faq', 'en', 'en')).toBe('/faq')
    expect(withoutBasename('/es/faq', '/es')).toBe('/faq')
    expect(withoutBasename('/es', '/es')).toBe('/')
    expect(withoutBasename('/espresso', '/es')).toBe('/espresso')
  })

  it('reads a locale from the first segment only when it is published and not the default', () => {
    expect(localeOfPath('/es/faq', [en, es], 'en')).toBe('es')
    expect(localeOfPath('/es', [en, es], 'en')).toBe('es')
    expect(localeOfPath('/en/faq', [en, es], 'en')).toBe('en')
    expect(localeOfPath('/fr/faq', [en, es], 'en')).toBe('en')
    expect(localeOfPath('/espresso', [en, es], 'en')).toBe('en')
    expect(localeOfPath('/es/faq', [], 'en')).toBe('en')
  })

  it('keeps a rich text’s site links in the page’s language, and nothing else', () => {
    const html =
      '<p><a href="/faq">FAQ</a> <a class="x" href="/">Home</a> <a href="//evil.example/">x</a> ' +
      '<a href="https://other.example/faq">y</a> <a href="#plans">z</a> <a href="mailto:a@b.c">m</a> <img src="/logo.svg"></p>'
    expect(localizeLinks(html, '/es')).toBe(
      '<p><a href="/es/faq">FAQ</a> <a class="x" href="/es/">Home</a> <a href="//evil.example/">x</a> ' +
        '<a href="https://other.example/faq">y</a> <a href="#plans">z</a> <a href="mailto:a@b.c">m</a> <img src="/logo.svg"></p>',
    )
    expect(localizeLinks(html, '/')).toBe(html)
  })
})

describe('the alternates, the choice and the suggestion of a language', () => {
  it('names the page in every published language and x-default, none for a site of one language', () => {
    expect(alternates(ORIGIN, '/faq', [en, es], 'en')).toEqual([
      { hreflang: 'en', href: 'https://dental.example/faq' },
      { hreflang: 'es', href: 'https://dental.example/es/faq' },
      { hreflang: 'x-default', href: 'https://dental.example/faq' },
    ])
    expect(alternates(ORIGIN, '/faq', [en], 'en')).toEqual([])
  })

  it('opens the chosen language’s page, never another site’s', () => {
    const choose = (query: Record<string, string>) =>
      languageChoice(new URL(`/language?${new URLSearchParams(query)}`, ORIGIN), [en, es], 'en')
    expect(choose({ choose: 'es', path: '/find-a-dentist?zip=90210' })).toEqual({
      locale: 'es',
      location: '/es/find-a-dentist?zip=90210',
    })
    expect(choose({ choose: 'en', path: '/faq' })).toEqual({ locale: 'en', location: '/faq' })
    expect(choose({ choose: 'fr', path: '/faq' })).toBeUndefined()
    expect(choose({ path: '/faq' })).toBeUndefined()
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example/', ' /faq', 'faq'])
      expect(choose({ choose: 'es', path })?.location, path).toBe('/es')
  })

  it('suggests a language in its own words, escaped, with links that remember the choice', () => {
    expect(suggestionHtml(es, 'en', '/faq?q="1"')).toBe(
      '<aside class="locale-suggestion" lang="es" aria-label="Español"><p>También en español &lt;b&gt;</p>' +
        '<p><a href="/language?choose=es&amp;path=%2Ffaq%3Fq%3D%221%22" hreflang="es">Ver en español</a> ' +
        '<a href="/language?choose=en&amp;path=%2Ffaq%3Fq%3D%221%22">No, gracias</a></p></aside>',
    )
    // A language without its words is not suggested.
    expect(suggestionHtml(en, 'es', '/faq')).toBe('')
  })
})

describe('the sitemap', () => {
  it('lists the manifest’s public pages at fixed addresses, each in every language with its alternates', () => {
    const paths = publicPaths(testManifest)
    expect(paths).toContain('/')
    expect(paths.some((path) => path.includes(':'))).toBe(false)
    const xml = sitemapXml(ORIGIN, ['/', '/faq'], [en, es], 'en')
    expect(xml).toContain(
      '<url><loc>https://dental.example/es</loc>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://dental.example/"/>' +
        '<xhtml:link rel="alternate" hreflang="es" href="https://dental.example/es"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://dental.example/"/></url>',
    )
    expect(xml.match(/<url>/g)).toHaveLength(4)
    expect(sitemapXml(ORIGIN, ['/faq'], [], 'en')).toContain('<url><loc>https://dental.example/faq</loc></url>')
  })
})
