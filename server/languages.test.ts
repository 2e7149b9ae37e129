import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABASES,
  defaultTenant,
  EDITOR,
  MEMBER,
  otherTenant,
  startTestServer,
  type TestClient,
  type TestServer,
} from './test-harness.ts'

type Draft = {
  content: Record<string, unknown> & {
    base: { variables: Record<string, unknown> }
    landing_pages?: { slug: string }[]
    translations?: Record<string, Record<string, string>>
  }
  revision: number
}

const SPANISH = {
  code: 'es',
  name: 'Español',
  suggestion: { text: 'Esta página también está en español.', accept: 'Ver en español', decline: 'No, gracias' },
}
const ENGLISH = {
  code: 'en',
  name: 'English',
  suggestion: { text: 'This page is also in English.', accept: 'See it in English', decline: 'No, thanks' },
}

/** The site's languages: the address, `lang`, alternates, the switcher, the suggestion, robots and the sitemap. */
describe('a site in two languages (the default tenant publishes English and Spanish)', () => {
  let server: TestServer
  let editor: TestClient
  beforeAll(async () => {
    server = await startTestServer(DATABASES[0])
    editor = await server.staffClient(EDITOR)
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.base.variables.languages = [ENGLISH, SPANISH]
    // Spanish from nothing: the demo's own translation aside.
    draft.content.translations = {}
    const saved = await editor.json('/api/cms/working', {
      method: 'PUT',
      body: { content: draft.content, baseRevision: draft.revision },
    })
    expect(saved.status).toBe(200)
  }, 60_000)
  afterAll(() => server.close())

  const page = async (path: string, headers: Record<string, string> = {}, client = server.client()) => {
    const response = await client.request(path, { headers })
    return { status: response.status, html: await response.text(), response }
  }
  const origin = () => defaultTenant.publicUrl

  // The tests below read the site this first one publishes.
  it('publishes a language only with its own legal texts: each missing one is named at its address', async () => {
    type Status = {
      locale: string
      texts: number
      words: Record<string, string>
      fellBack: string[]
      missingRequired: string[]
    }
    const status = (await editor.json<Status>('/api/cms/translations?locale=es')).body
    expect(status.fellBack).toHaveLength(status.texts)
    // What a translator translates: the default's words of each text, today's wording where the content has none.
    expect(Object.keys(status.words)).toHaveLength(status.texts)
    expect(status.words['/header/variables/texts/open_menu']).toBe('Open menu')
    // The Terms (every text of the page), the auto-renewal terms, the “not insurance” disclosures,
    // the DMHC statement and the notice of language assistance.
    expect(status.missingRequired).toEqual(
      expect.arrayContaining([
        '/pages/terms/title',
        '/pages/terms/sections/0/props/body',
        '/pages/checkout-payment/auto_renewal_terms',
        '/pages/join-now/disclosure',
        '/pages/grievance-form/dmhc_statement',
        '/base/variables/language_assistance/notice',
      ]),
    )
    // The taglines are each in their own language already: nothing to translate.
    expect(status.fellBack.filter((pointer) => pointer.includes('/taglines/'))).toEqual([])
    expect(status.missingRequired).not.toContain('/pages/faq/title')
    const refused = await editor.json<{ issues: { path: (string | number)[]; message: string }[] }>(
      '/api/cms/publish',
      { method: 'POST', body: { note: 'Spanish' } },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.issues).toHaveLength(status.missingRequired.length)
    expect(refused.body.issues).toContainEqual({
      path: ['translations', 'es', '/pages/checkout-payment/auto_renewal_terms'],
      message: 'Required in every published language: translate it, or publish without Español',
    })
    expect((await server.client().json('/api/cms/translations?locale=es')).status).toBe(401)

    const draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.translations = {
      es: Object.fromEntries(status.missingRequired.map((pointer) => [pointer, `Texto legal en español (${pointer})`])),
    }
    const saved = await editor.json('/api/cms/working', {
      method: 'PUT',
      body: { content: draft.content, baseRevision: draft.revision },
    })
    expect(saved.status).toBe(200)
    expect((await editor.json<Status>('/api/cms/translations?locale=es')).body.missingRequired).toEqual([])
    expect((await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'Spanish' } })).status).toBe(201)

    // The grievance form says the statement and the notice in Spanish, the taglines as they are.
    const form = (await page('/es/grievance-form')).html
    expect(form).toContain('Texto legal en español (/pages/grievance-form/dmhc_statement)')
    expect(form).toContain('Texto legal en español (/base/variables/language_assistance/notice)')
    expect(form).toMatch(/<li lang="ar" dir="auto"[^>]*>ملحوظة:/)
  })

  it('serves a page under its locale’s prefix in that language, with its alternates; the default has none', async () => {
    const spanish = await page('/es/faq')
    expect(spanish.status).toBe(200)
    expect(spanish.html).toMatch(/^<!doctype html>\s*<html lang="es">/i)
    for (const [hreflang, path] of [
      ['en', '/faq'],
      ['es', '/es/faq'],
      ['x-default', '/faq'],
    ] as const)
      expect(spanish.html).toContain(
        `<link rel="alternate" hreflang="${hreflang}" href="${new URL(path, origin()).href}">`,
      )
    // The site's own links stay in Spanish: the router's basename is the prefix.
    expect(spanish.html).toContain('href="/es/find-a-dentist"')
    expect(spanish.html).not.toContain('href="/find-a-dentist"')

    const english = await page('/faq')
    expect(english.html).toMatch(/<html lang="en">/)
    expect(english.html).toContain(`<link rel="alternate" hreflang="es" href="${new URL('/es/faq', origin()).href}">`)
    expect(english.html).toContain('href="/find-a-dentist"')
    // The home page in Spanish is the prefix alone.
    expect((await page('/es')).html).toContain(`hreflang="en" href="${new URL('/', origin()).href}"`)
  })

  it('shows every header the language links, each in its own language, the current one marked', async () => {
    const { html } = await page('/es/find-a-dentist?zip=90210')
    const nav = /<nav aria-label="Language"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1]
    expect(nav).toBeDefined()
    expect(nav).toContain(
      `<a href="/language?choose=en&amp;path=%2Ffind-a-dentist%3Fzip%3D90210" hrefLang="en" lang="en" class=`,
    )
    expect(nav).toMatch(/hrefLang="es" lang="es" aria-current="true"[^>]*>Español<\/a>/)
  })

  it('answers a prefix that is no published language, or the default’s own, as an unknown page', async () => {
    expect((await page('/fr/faq')).status).toBe(404)
    expect((await page('/en/faq')).status).toBe(404)
    expect((await page('/es/nothing-here')).status).toBe(404)
  })

  it('sends a visitor without a session from a Spanish member page to the Spanish sign-in, to come back in Spanish', async () => {
    const { status, response } = await page('/es/dashboard')
    expect(status).toBe(302)
    expect(response.headers.get('location')).toBe('/es/member-login?redirect=%2Fdashboard')
  })

  it('suggests the visitor’s language (their choice first, then their browser’s) in it, never redirecting', async () => {
    const suggested = await page('/faq?q=1', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })
    expect(suggested.status).toBe(200)
    expect(suggested.html).toContain(
      '<aside class="locale-suggestion" lang="es" aria-label="Español"><p>Esta página también está en español.</p>' +
        '<p><a href="/language?choose=es&amp;path=%2Ffaq%3Fq%3D1" hreflang="es">Ver en español</a>' +
        ' <a href="/language?choose=en&amp;path=%2Ffaq%3Fq%3D1">No, gracias</a></p></aside>',
    )
    // The page itself is the English one: a suggestion, not a redirect.
    expect(suggested.html).toMatch(/<html lang="en">/)
    // Nothing to suggest: the browser prefers the page's language, or one the site does not have.
    expect((await page('/faq', { 'accept-language': 'en-US,es;q=0.5' })).html).not.toContain('locale-suggestion')
    expect((await page('/faq', { 'accept-language': 'de-DE' })).html).not.toContain('locale-suggestion')
    // A Spanish page suggests English to an English browser, in English.
    expect((await page('/es/faq', { 'accept-language': 'en-GB' })).html).toContain(
      '<aside class="locale-suggestion" lang="en" aria-label="English"><p>This page is also in English.</p>',
    )

    // Choosing English (the suggestion's "No, gracias") is remembered: no more suggestion of Spanish.
    const visitor = server.client()
    const chosen = await visitor.request('/language?choose=en&path=%2Ffaq%3Fq%3D1')
    expect(chosen.status).toBe(303)
    expect(chosen.headers.get('location')).toBe('/faq?q=1')
    expect(chosen.headers.get('set-cookie')).toMatch(/^locale=en; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/)
    expect(visitor.cookie('locale')).toBe('en')
    const spanishBrowser = { 'accept-language': 'es-MX' }
    expect((await page('/faq', spanishBrowser, visitor)).html).not.toContain('locale-suggestion')
    // Their choice beats their browser's: chosen Spanish, an English page suggests it to an English browser.
    expect((await visitor.request('/language?choose=es&path=%2F')).headers.get('location')).toBe('/es')
    expect((await page('/faq', { 'accept-language': 'en' }, visitor)).html).toContain('lang="es" aria-label="Español"')
  })

  it('keeps a choice of language on this site, and refuses a language the site does not publish', async () => {
    const choose = async (query: string) => {
      const response = await server.client().request(`/language?${query}`)
      return { status: response.status, location: response.headers.get('location'), text: await response.text() }
    }
    expect(await choose('choose=fr&path=%2Ffaq')).toMatchObject({
      status: 400,
      text: 'Choose one of the site’s languages.',
    })
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])
      expect(await choose(new URLSearchParams({ choose: 'es', path }).toString()), path).toMatchObject({
        status: 303,
        location: '/es',
      })
    expect((await choose('choose=es')).location).toBe('/es')
  })

  it('lists every public page in the sitemap with its alternates, and keeps crawlers out of each language’s private paths', async () => {
    const sitemap = await server.client().request('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await sitemap.text()
    const faq = new URL('/faq', origin()).href
    const esFaq = new URL('/es/faq', origin()).href
    expect(xml).toContain(
      `<url><loc>${esFaq}</loc><xhtml:link rel="alternate" hreflang="en" href="${faq}"/>` +
        `<xhtml:link rel="alternate" hreflang="es" href="${esFaq}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${faq}"/></url>`,
    )
    expect(xml).toContain(`<loc>${faq}</loc>`)
    // The content's landing pages too, which the manifest's `:landing` cannot list.
    const { landing_pages: landings } = (await server.client().json<{ landing_pages: { slug: string }[] }>('/api/cms'))
      .body
    expect(landings.length).toBeGreaterThan(0)
    for (const { slug } of landings) expect(xml).toContain(`<loc>${new URL(`/es/${slug}`, origin()).href}</loc>`)
    // No member, personal, parameter or disallowed page.
    for (const path of ['/dashboard', '/checkout', '/member-login', '/office/', '/renewal'])
      expect(xml).not.toContain(`<loc>${new URL(path, origin()).href}`)

    const rules = await (await server.client().request('/robots.txt')).text()
    for (const rule of ['/checkout', '/es/checkout', '/es/member-login', '/api/', '/language'])
      expect(rules).toContain(`Disallow: ${rule}\n`)
    expect(rules).not.toContain('Disallow: /es/api/')
    expect(rules).toContain(`Sitemap: ${new URL('/sitemap.xml', origin()).href}\n`)
  })

  it('refuses a landing page at a language’s address, at its field', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.landing_pages = [{ ...draft.content.landing_pages?.[0], slug: 'es' }]
    const refused = await editor.json<{ issues: { path: (string | number)[]; message: string }[] }>(
      '/api/cms/working',
      { method: 'PUT', body: { content: draft.content, baseRevision: draft.revision } },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.issues).toContainEqual({
      path: ['landing_pages', 0, 'slug'],
      message: 'The address /es is the es site’s: choose another',
    })
  })

  it('serves each text in the page’s language where the content translates it, the default’s elsewhere', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.translations = {
      es: {
        ...draft.content.translations?.es,
        '/pages/faq/title': 'Preguntas frecuentes',
        // Today's wording, which the content does not write itself, is translated at its address too.
        '/header/variables/texts/member_login': 'Acceso de miembros',
        '/pages/checkout-payment/card_heading': 'Tarjeta',
        '/pages/faq/intro': '¿Más preguntas? <a href="/support">Escríbanos</a><img src=x onerror=alert(1)>',
      },
    }
    const saved = await editor.json('/api/cms/working', {
      method: 'PUT',
      body: { content: draft.content, baseRevision: draft.revision },
    })
    expect(saved.status).toBe(200)
    expect((await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'Spanish texts' } })).status).toBe(
      201,
    )

    const spanish = await page('/es/faq')
    expect(spanish.html).toMatch(/<h1[^>]*>Preguntas frecuentes<\/h1>/)
    expect(spanish.html).toContain('>Acceso de miembros<')
    // A translated rich text is sanitised, and its site links stay in Spanish.
    expect(spanish.html).toContain('¿Más preguntas? <a href="/es/support">Escríbanos</a><img src="x">')
    expect(spanish.html).not.toContain('onerror')
    // The translations are not sent to visitors (every language's texts, in every page's state).
    expect(spanish.html).not.toContain('"translations"')

    const english = await page('/faq')
    expect(english.html).toMatch(/<h1[^>]*>Frequently asked questions<\/h1>/)
    expect(english.html).not.toContain('Acceso de miembros')

    type Pages = { pages: Record<string, Record<string, unknown>>; translations?: unknown }
    const api = await server.client().json<Pages>('/api/cms?locale=es')
    expect(api.body.pages['checkout-payment']?.card_heading).toBe('Tarjeta')
    expect(api.body.translations).toBeUndefined()
    expect((await server.client().json<Pages>('/api/cms')).body.pages['checkout-payment']?.card_heading).toBeUndefined()
    expect((await server.client().json('/api/cms?locale=ES')).status).toBe(422)
  })

  it('writes a member’s dates in the page’s language: 12/05/26 in English is 05/12/26 in Spanish', async () => {
    const member = await server.client().login(MEMBER)
    // The dates the page shows (not its state, which holds the data as it came).
    const dates = async (path: string) =>
      (await page(path, {}, member)).html
        .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
        .match(/\b\d\d\/\d\d\/\d\d\b/g) ?? []
    const english = await dates('/dashboard')
    expect(english.length).toBeGreaterThan(10)
    expect(await dates('/es/dashboard')).toEqual(english.map((date) => date.replace(/^(\d\d)\/(\d\d)/, '$2/$1')))
  })

  it('refuses a translation of no text, of a code, of the default language, or one its field refuses, each at its address', async () => {
    const draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.translations = {
      es: {
        '/pages/faq/no-such-text': 'Nada',
        '/base/variables/group_key': 'otro',
        '/header/variables/texts/member_login': 'x'.repeat(301),
      },
      en: { '/pages/faq/title': 'FAQ' },
    }
    const refused = await editor.json<{ issues: { path: (string | number)[]; message: string }[] }>(
      '/api/cms/working',
      { method: 'PUT', body: { content: draft.content, baseRevision: draft.revision } },
    )
    expect(refused.status).toBe(422)
    expect(refused.body.issues).toEqual([
      { path: ['translations', 'en'], message: 'en is the default language: its texts are the content’s own' },
    ])
    delete draft.content.translations.en
    const again = await editor.json<{ issues: { path: (string | number)[]; message: string }[] }>('/api/cms/working', {
      method: 'PUT',
      body: { content: draft.content, baseRevision: draft.revision },
    })
    expect(again.status).toBe(422)
    const moved = 'No text of the content is at this address (was it moved, or removed?)'
    expect(again.body.issues).toEqual(
      expect.arrayContaining([
        { path: ['translations', 'es', '/pages/faq/no-such-text'], message: moved },
        { path: ['translations', 'es', '/base/variables/group_key'], message: moved },
        { path: ['translations', 'es', '/header/variables/texts/member_login'], message: 'Use at most 300 characters' },
      ]),
    )
    expect(again.body.issues).toHaveLength(3)
  })

  it('keeps each translation with its text when a content manager removes a question above it', async () => {
    type Faq = { sections: { props: { items: { question: string }[] } }[] }
    const at = (index: number) => `/pages/faq/sections/0/props/items/${index}/question`
    const save = async (content: Draft['content'], revision: number) =>
      (await editor.json<Draft>('/api/cms/working', { method: 'PUT', body: { content, baseRevision: revision } })).body
    let draft = (await editor.json<Draft>('/api/cms/working')).body
    draft.content.translations = { es: { [at(0)]: 'Primera pregunta', [at(1)]: 'Segunda pregunta' } }
    draft = await save(draft.content, draft.revision)
    // The editor sends the translations as they were, the list one shorter.
    const faq = (draft.content as unknown as { pages: Record<string, Faq> }).pages['faq']!
    const second = faq.sections[0]!.props.items[1]!.question
    faq.sections[0]!.props.items.shift()
    const saved = await save(draft.content, draft.revision)
    expect(
      (saved.content as unknown as { pages: Record<string, Faq> }).pages['faq']!.sections[0]!.props.items[0]!.question,
    ).toBe(second)
    // The second question's Spanish is at its new address; the removed one's is gone.
    expect(saved.content.translations?.['es']).toEqual({ [at(0)]: 'Segunda pregunta' })
  })

  it('leaves a tenant that publishes one language as it was: no prefix, no alternates, no links', async () => {
    const client = server.client(otherTenant.hosts[0])
    const faq = await (await client.request('/faq', { headers: { 'accept-language': 'es' } })).text()
    expect(faq).toMatch(/<html lang="en">/)
    expect(faq).not.toContain('hreflang')
    expect(faq).not.toContain('locale-suggestion')
    expect((await client.request('/es/faq')).status).toBe(404)
  })
})
