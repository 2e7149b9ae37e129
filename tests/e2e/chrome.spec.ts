import type { Page } from '@playwright/test'
import { FOOTER_KEYS, HEADER_KEYS, type FooterKey, type HeaderKey } from '#schemas/layout.ts'
import {
  axeViolations,
  contentManager,
  defaultTenant,
  demoAccount,
  expect,
  signIn,
  tenantContent,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'
import { CONTENT_PORT } from './ports.ts'

/**
 * Every header and footer variant, switched by a content manager through the content API on a
 * server with its own database: a content change alone, no restart, no code.
 */
test.describe.configure({ mode: 'serial' })
test.use({ baseURL: `http://localhost:${CONTENT_PORT}` })

const published = tenantContent(defaultTenant.groupKey)
const header = published.header.variables
const footer = published.footer.variables
let editor: Awaited<ReturnType<typeof contentManager>>

test.beforeAll(async () => {
  editor = await contentManager(`http://localhost:${CONTENT_PORT}`)
})
test.afterAll(async () => {
  await editor.publish(() => published, 'Back to the demo content')
  await editor.dispose()
})

async function writeContent(
  layout: { header?: HeaderKey; footer?: FooterKey },
  headerPatch: Record<string, unknown> = {},
) {
  await editor.publish((content) => ({
    ...content,
    layout: { ...published.layout, ...layout },
    header: { variables: { ...header, ...headerPatch } },
  }))
}

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }
const SITE_HEADERS = HEADER_KEYS.filter((key) => key !== 'landing_header')

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
}

test('switching the header and footer is a content change alone', async ({ page }) => {
  await writeContent({ header: '1_header', footer: '1_footer' })
  await page.goto('/')
  await expect(page.locator('[data-block="1_header"]')).toBeVisible()
  await writeContent({ header: 'nx_header_1', footer: '2_footer' })
  await page.reload()
  await expect(page.locator('[data-block="nx_header_1"]')).toBeVisible()
  await expect(page.locator('[data-block="2_footer"]')).toBeVisible()
  await expect(page.locator('[data-block="1_header"]')).toHaveCount(0)
})

for (const key of SITE_HEADERS) {
  test.describe(`header ${key}`, () => {
    test('desktop: logo, menu, top bar, join button; no accessibility violation', async ({ page }) => {
      await writeContent({ header: key })
      const problems = watchConsole(page)
      await page.setViewportSize(DESKTOP)
      await page.goto('/faq')
      const block = page.locator(`[data-block="${key}"]`)
      const logo = block.getByRole('img', { name: header.header_log_alt! })
      await expect(logo).toHaveAttribute('width', '300')
      await expect(logo).toHaveAttribute('height', '73')
      await expect(block.getByRole('link', { name: header.header_log_alt! })).toHaveAttribute('href', '/')
      const menu = block.getByRole('navigation', { name: 'Main' })
      await expect(menu.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page')
      await expect(menu.getByRole('link', { name: 'Find a Dentist' })).toBeVisible()
      await expect(block.getByRole('link', { name: header.header_join_now_text! })).toHaveAttribute(
        'href',
        header.header_join_now_link!,
      )
      await expect(block.getByRole('link', { name: '(800) 555-0142' }).first()).toHaveAttribute(
        'href',
        'tel:8005550142',
      )
      await expect(block.getByText(header.header_timing!).first()).toBeVisible()
      const firstTopLink = block.getByRole('link', { name: /Member benefits guide/ })
      await expect(firstTopLink).toHaveAttribute('target', '_blank')
      await expect(block.getByRole('link', { name: /Office login/ }).first()).toHaveAttribute(
        'href',
        defaultTenant.officeLoginUrl!,
      )
      await waitForHydration(page)
      await expectNoViolations(page)
      expect(problems).toEqual([])
    })

    test('phone: the hamburger opens the menu, a path change and a scroll close it', async ({ page }) => {
      await writeContent({ header: key })
      await page.setViewportSize(PHONE)
      await page.goto('/faq')
      await waitForHydration(page)
      const block = page.locator(`[data-block="${key}"]`)
      const toggle = block.getByRole('button', { name: 'Open menu' })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(block.getByRole('navigation', { name: 'Main' })).toBeHidden()
      await toggle.click()
      await expect(block.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
      await block.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
      await expect(page).toHaveURL(/\/support$/)
      await expect(block.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
      await block.getByRole('button', { name: 'Open menu' }).click()
      await expect(block.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'))
      await page.mouse.wheel(0, 300)
      await expect(block.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
      await expectNoViolations(page)
    })

    test('top header hidden: the Login dropdown lists the login links and works by keyboard', async ({ page }) => {
      await writeContent({ header: key }, { hide_top_header: true })
      await page.setViewportSize(DESKTOP)
      await page.goto('/faq')
      await waitForHydration(page)
      const block = page.locator(`[data-block="${key}"]`)
      await expect(block.locator('[data-part="top-bar"]')).toHaveCount(0)
      const trigger = block.getByRole('button', { name: 'Login' })
      await trigger.focus()
      await page.keyboard.press('Enter')
      const items = page.getByRole('menuitem')
      await expect(items).toHaveText(['Member login', 'Office login (opens in a new tab)'])
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('Escape')
      await expect(items).toHaveCount(0)
      await expect(trigger).toBeFocused()
      await expectNoViolations(page)
    })

    test('banner: sanitised rich text, already safe in the first HTML', async ({ page, request }) => {
      await writeContent(
        { header: key },
        {
          showHeaderBanner: '1',
          headerBannerText:
            'Whitening <a href="/faq">40% off</a><img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script>',
        },
      )
      const html = await (await request.get('/faq')).text()
      expect(html).toContain('Whitening <a href="/faq">40% off</a>')
      expect(html).not.toContain('onerror')
      expect(html).not.toContain('__hacked=2')
      await page.goto('/faq')
      await waitForHydration(page)
      const banner = page.locator(`[data-block="${key}"] [data-part="banner"]`)
      await expect(banner).toContainText('Whitening 40% off')
      expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined()
    })

    test('the join button is hidden on join pages; the header fixes itself on the home page only', async ({ page }) => {
      await writeContent({ header: key })
      await page.setViewportSize(DESKTOP)
      await page.goto('/join-now')
      const block = page.locator(`[data-block="${key}"]`)
      await expect(block.getByRole('link', { name: header.header_join_now_text! })).toHaveCount(0)
      await page.goto('/faq')
      await waitForHydration(page)
      await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'))
      await page.mouse.wheel(0, 800)
      await expect(block.locator('header')).toHaveAttribute('data-fixed', 'false')
      await page.goto('/')
      await waitForHydration(page)
      await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'))
      await page.mouse.wheel(0, 800)
      await expect(block.locator('header')).toHaveAttribute('data-fixed', 'true')
      await expect(block.locator('header')).toHaveCSS('position', 'fixed')
      await page.mouse.wheel(0, -800)
      await expect(block.locator('header')).toHaveAttribute('data-fixed', 'false')
    })
  })
}

test('landing_header: only the logo and one call-to-action button, and the site’s languages', async ({ page }) => {
  await writeContent({})
  const slug = published.landing_pages[0]!.slug
  const languages = published.base.variables.languages
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await page.goto(`/${slug}`)
    const block = page.locator('[data-block="landing_header"]')
    await expect(block.getByRole('link')).toHaveCount(2 + languages.length)
    const variables = published.landing_header.variables
    await expect(block.getByRole('link', { name: variables.ctaBtnText! })).toHaveAttribute('href', variables.ctaBtnUrl!)
    // No menu: the one navigation is the language links, each in its own language.
    await expect(block.getByRole('navigation')).toHaveCount(languages.length ? 1 : 0)
    for (const language of languages)
      await expect(
        block.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: language.name }),
      ).toHaveAttribute('lang', language.code)
    await waitForHydration(page)
    await expectNoViolations(page)
  }
})

for (const key of FOOTER_KEYS) {
  test(`footer ${key}: logo, sponsor, compliance text, links and copyright, at desktop and phone width`, async ({
    page,
  }) => {
    await writeContent({ footer: key })
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport)
      await page.goto('/faq')
      const block = page.locator(`[data-block="${key}"]`)
      await expect(block.getByRole('img', { name: footer.footer_logo_alt! })).toBeVisible()
      await expect(block.locator('[data-part="sponsor"]')).toContainText(footer.sponsored_by_text!)
      await expect(block.locator('[data-part="compliance"]')).toContainText('not insurance')
      await expect(
        block.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }),
      ).toHaveAttribute('href', '/privacy')
      await expect(block.locator('[data-part="copyright"]')).toHaveText(
        `© ${new Date().getFullYear()} ${defaultTenant.companyName.replace(/\.$/, '')}. All rights reserved.`,
      )
      if (key === '2_footer') {
        await expect(block.locator('[data-part="description"]')).toHaveText(footer.footer_description!)
        await expect(block.locator('[data-part="made-with-love"]')).toHaveText(`made with love in ${footer.country!}`)
      } else {
        await expect(block.locator('[data-part="made-with-love"]')).toHaveCount(0)
      }
      await waitForHydration(page)
      await expectNoViolations(page)
    }
  })
}

test.describe('signed in', () => {
  for (const key of SITE_HEADERS) {
    test(`${key}: a member sees Dashboard and Logout, no top bar, a shorter menu; Logout ends the session`, async ({
      page,
    }) => {
      await writeContent({ header: key })
      await page.setViewportSize(DESKTOP)
      await page.goto('/faq')
      await signIn(page, demoAccount('member'))
      await page.goto('/faq')
      const block = page.locator(`[data-block="${key}"]`)
      await expect(block.getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute('href', '/dashboard')
      await expect(block.locator('[data-part="top-bar"]')).toHaveCount(0)
      const menu = block.getByRole('navigation', { name: 'Main' })
      await expect(menu.getByRole('link', { name: 'FAQ' })).toBeVisible()
      await expect(menu.getByRole('link', { name: 'Find a Dentist' })).toHaveCount(0)
      await expect(menu.getByRole('link', { name: 'Savings Summary' })).toHaveCount(0)
      await expect(block.getByRole('link', { name: header.header_join_now_text! })).toHaveCount(0)
      await waitForHydration(page)
      await expectNoViolations(page)
      await block.getByRole('button', { name: 'Logout' }).first().click()
      await expect(page).toHaveURL(/\/member-login$/)
      await expect(block.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
      expect(await (await page.request.get('/api/auth')).json()).toEqual({ isAuthenticated: false })
    })
  }
})
