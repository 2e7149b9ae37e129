import type { Page } from '@playwright/test'
import {
  axeViolations,
  contentManager,
  expect,
  otherTenant,
  tenantContent,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'
import { CONTENT_PORT } from './ports.ts'

/**
 * A site in two languages, as a visitor uses it: the second tenant, on the content server (no other
 * spec changes its content there), publishes Spanish beside English for these tests, with two
 * titles translated (the rest falls back to English): the address, `lang`, the texts, the links
 * that keep the language through client navigation, the language links and the suggestion.
 */
test.describe.configure({ mode: 'serial' })

const BASE = `http://${otherTenant.hosts[0]!}:${CONTENT_PORT}`
const published = tenantContent(otherTenant.groupKey)
const LANGUAGES = [
  {
    code: 'en',
    name: 'English',
    suggestion: { text: 'This page is also in English.', accept: 'See it in English', decline: 'No, thanks' },
  },
  {
    code: 'es',
    name: 'Español',
    suggestion: { text: 'Esta página también está en español.', accept: 'Ver en español', decline: 'No, gracias' },
  },
]
let editor: Awaited<ReturnType<typeof contentManager>>

test.beforeAll(async () => {
  editor = await contentManager(`http://localhost:${CONTENT_PORT}`, otherTenant)
  await editor.saveDraft((content) => ({
    ...content,
    base: { variables: { ...content.base.variables, languages: LANGUAGES } },
  }))
  // A language is published with its legal texts (the Terms, the renewal terms, the disclosures).
  const { missingRequired } = await editor.translations('es')
  await editor.publish((content) => ({
    ...content,
    translations: {
      es: {
        ...Object.fromEntries(missingRequired.map((pointer) => [pointer, `Texto legal (${pointer})`])),
        '/pages/faq/title': 'Preguntas frecuentes',
        '/pages/terms/title': 'Condiciones',
      },
    },
  }))
})
test.afterAll(async () => {
  await editor.publish(() => published, 'Back to the demo content')
  await editor.dispose()
})

/** The document's own marker: a document navigation loses it, a client navigation keeps it. */
const markDocument = (page: Page) => page.evaluate(() => Reflect.set(window, '__sameDocument', true))
const sameDocument = (page: Page) => page.evaluate(() => Reflect.get(window, '__sameDocument') === true)

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
])
  test(`a Spanish page hydrates, keeps its language through client navigation, and switches by its links (${viewport.width} px)`, async ({
    page,
  }) => {
    const problems = watchConsole(page)
    await page.setViewportSize(viewport)
    await page.goto(`${BASE}/es/faq`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
    await waitForHydration(page)
    expect(await axeViolations(page)).toEqual([])

    const languages = page.getByRole('navigation', { name: 'Language' })
    await expect(languages.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'true')
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/language?choose=en&path=%2Ffaq',
    )

    // The footer's link to the terms opens the Spanish page without a new document.
    await markDocument(page)
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).first()
    await expect(terms).toHaveAttribute('href', '/es/terms')
    await terms.click()
    await expect(page).toHaveURL(`${BASE}/es/terms`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condiciones')
    expect(await sameDocument(page)).toBe(true)
    // The language links follow the page.
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/language?choose=en&path=%2Fterms',
    )
    // Back returns to the Spanish FAQ, and its language links to the FAQ in English (the address
    // changes first: a click before the page shows would take the Terms' link).
    await page.goBack()
    await expect(page).toHaveURL(`${BASE}/es/faq`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/language?choose=en&path=%2Ffaq',
    )

    // English: the same page, in a new document, and the choice remembered.
    await languages.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(`${BASE}/faq`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Preguntas frecuentes')
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true')
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('en')
    expect(problems).toEqual([])
  })

test('a Spanish-speaking visitor is offered the page in Spanish, in Spanish, and their answer is kept', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX' })
  const page = await context.newPage()
  await page.goto(`${BASE}/find-a-dentist?zip=90210`)
  // The page they asked for, in English, with the suggestion above it: never a redirect.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const suggestion = page.getByRole('complementary', { name: 'Español' })
  await expect(suggestion).toContainText('Esta página también está en español.')
  expect(await axeViolations(page)).toEqual([])
  await suggestion.getByRole('link', { name: 'Ver en español' }).click()
  await expect(page).toHaveURL(`${BASE}/es/find-a-dentist?zip=90210`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('complementary', { name: 'Español' })).toHaveCount(0)

  // Back on an English page: still offered Spanish (their choice), until they decline.
  await page.goto(`${BASE}/faq`)
  await page.getByRole('complementary', { name: 'Español' }).getByRole('link', { name: 'No, gracias' }).click()
  await expect(page).toHaveURL(`${BASE}/faq`)
  await expect(page.getByRole('complementary', { name: 'Español' })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('complementary', { name: 'Español' })).toHaveCount(0)
  await context.close()
})

test('a prefix the tenant does not publish is an unknown page, in the site’s frame', async ({ page }) => {
  const response = await page.goto(`${BASE}/fr/faq`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found')
})
