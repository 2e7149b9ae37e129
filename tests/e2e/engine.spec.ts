import {
  axeViolations,
  contentManager,
  defaultTenant,
  demoAccount,
  everyRoutePath,
  expect,
  otherTenant,
  signIn,
  startCheckout,
  tenantContent,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

const published = tenantContent(defaultTenant.groupKey)
const globalTitle = published.base.variables.global_title

test.describe('server rendering', () => {
  test('the first response, without JavaScript, has the header, the footer and the composed title', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const response = await page.goto('/faq')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`FAQ | ${globalTitle}`)
    const header = page.locator(`[data-block="${published.layout.header}"]`)
    await expect(header.getByRole('img', { name: published.header.variables.header_log_alt! })).toBeVisible()
    await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '/faq',
    )
    const footer = page.locator(`[data-block="${published.layout.footer}"]`)
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${defaultTenant.companyName}`)
    await expect(page.locator('[data-page="faq"]')).toHaveClass('page')
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', published.base.variables.favicon!)
    await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', /^[\w-]{24}\.[\w-]{43}$/)
    await context.close()
  })

  test('the chunks of the rendered blocks are preloaded by the document, with the answer’s CSP nonce', async ({
    request,
  }) => {
    const response = await request.get('/')
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeDefined()
    const html = await response.text()
    // Every preload carries the answer's nonce (compared as text: a base64 nonce may hold `+` and `/`).
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => ({
      file: /href="\/assets\/([^"]+)"/.exec(tag)?.[1],
      nonce: /nonce="([^"]*)"/.exec(tag)?.[1],
    }))
    expect(preloads.map((preload) => preload.file)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^header-classic-.+\.js$/),
        expect.stringMatching(/^footer-classic-.+\.js$/),
      ]),
    )
    expect(preloads.filter((preload) => preload.nonce !== nonce)).toEqual([])
  })

  test('hydration keeps the server-rendered chrome in place and does not fetch the content again', async ({ page }) => {
    const contentRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/cms') contentRequests.push(request.url())
    })
    // Record whether the server-rendered header is ever removed (a flash of missing content).
    await page.addInitScript(() => {
      const removed: string[] = []
      Object.assign(window, { removedBlocks: removed })
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLElement && node.querySelector('header, footer'))
              removed.push(node.outerHTML.slice(0, 80))
      }).observe(document, { childList: true, subtree: true })
    })
    const problems = watchConsole(page)
    await page.goto('/')
    await waitForHydration(page)
    expect(await page.evaluate(() => (window as unknown as { removedBlocks: string[] }).removedBlocks)).toEqual([])
    expect(contentRequests).toEqual([])
    expect(problems).toEqual([])
  })
})

test.describe('page shell', () => {
  test('hashed assets are served with a long-lived cache header, nosniff and the headers of every answer, and no cookie', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)" nonce="[^"]+">/.exec(html)?.[1]
    expect(script).toBeDefined()
    const asset = await request.get(script!)
    expect(asset.status()).toBe(200)
    expect(asset.headers()).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    })
    expect(asset.headers()['set-cookie']).toBeUndefined()
  })

  test('the captcha badge is hidden (the site’s styles)', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.evaluate(() => {
      const badge = document.createElement('div')
      badge.className = 'grecaptcha-badge'
      badge.textContent = 'protected by reCAPTCHA'
      document.body.append(badge)
    })
    await expect(page.locator('.grecaptcha-badge')).toBeHidden()
  })
})

test.describe('routing', () => {
  test('an unmatched path answers 404 with "Page not found: {path}"', async ({ page }) => {
    const response = await page.goto('/zz/yy')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText('Page not found: /zz/yy', { exact: true })).toBeVisible()
    await expect(page).toHaveTitle(`Page Not Found | ${globalTitle}`)
    // The chrome stays, so the visitor can find the way back.
    await expect(page.locator(`[data-block="${published.layout.header}"]`)).toBeVisible()
  })

  test('a route whose parameter check fails answers 404 with "Page Not Found: {path}"', async ({ page }) => {
    const response = await page.goto('/office/abc')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Page Not Found: /office/abc', { exact: true })).toBeVisible()
    expect((await page.request.get('/office/0')).status()).toBe(404)
    expect((await page.request.get('/checkout/edit-member/x1')).status()).toBe(404)
  })

  test('/office/1001 renders the office page', async ({ page }) => {
    const response = await page.goto('/office/1001')
    expect(response?.status()).toBe(200)
    await expect(page.locator('[data-page="office"]')).toBeVisible()
    await expect(page).toHaveTitle(`Office | ${globalTitle}`)
  })

  test('a landing page defined in content renders with the landing class; another slug is a 404', async ({ page }) => {
    const landing = published.landing_pages[0]!
    const response = await page.goto(`/${landing.slug}`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('[data-page="landing"]')).toHaveClass('landing')
    await expect(page.locator(`[data-block="${published.layout.landing_header}"]`)).toBeVisible()
    await expect(page).toHaveTitle(`${landing.title} | ${globalTitle}`)
    const missing = await page.goto('/no-such-offer')
    expect(missing?.status()).toBe(404)
    await expect(page.getByText('Page Not Found: /no-such-offer', { exact: true })).toBeVisible()
  })

  for (const width of [1280, 375])
    test(`a one-segment typo (/faqs, /contact, /no-such-offer) is a 404 in the site's full frame with its menu, home and the dentist search, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const problems = watchConsole(page)
      for (const path of ['/faqs', '/contact', '/no-such-offer']) {
        const response = await page.goto(path)
        expect(response?.status(), path).toBe(404)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
        await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible()
        // The ordinary header (not the landing pages' logo and call to action), menu and all.
        await expect(page.locator(`[data-block="${published.layout.header}"]`)).toBeVisible()
        await expect(page.locator(`[data-block="${published.layout.landing_header}"]`)).toHaveCount(0)
        await expect(page.getByRole('contentinfo')).toBeVisible()
      }
      await waitForHydration(page)
      const menu = page.getByRole('navigation', { name: 'Main' })
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(menu.getByRole('link', { name: 'FAQ' })).toBeVisible()
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
      if (width < 768) await page.getByRole('button', { name: 'Close menu' }).click()
      expect(await axeViolations(page)).toEqual([])
      await main.getByRole('link', { name: 'Find a dentist' }).click()
      await expect(page).toHaveURL(/\/find-a-dentist$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a dentist')
      // A missing page opened by a client navigation: the error page's code loads then, in the same frame.
      await page.evaluate(() => {
        window.history.pushState(null, '', '/faqs')
        window.dispatchEvent(new PopStateEvent('popstate'))
      })
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
      await expect(page.locator(`[data-block="${published.layout.header}"]`)).toBeVisible()
      // The document's 404s are the only problems: no hydration warning, no error of the page.
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([])
    })

  test('a bot gets the status of an error without the error view', async ({ playwright }) => {
    const bot = await playwright.request.newContext({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    const response = await bot.get('/zz/yy')
    expect(response.status()).toBe(404)
    expect(await response.text()).toBe('')
    await bot.dispose()
  })

  test('navigating in the browser renders the next page without a full reload', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click()
    await expect(page.locator('[data-page="faq"]')).toBeVisible()
    await expect(page).toHaveTitle(`FAQ | ${globalTitle}`)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('a link opens its page at the top; back returns to the page and the place the visitor left, without a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 640 })
    await page.goto('/faq')
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    const privacy = page
      .locator(`[data-block="${published.layout.footer}"]`)
      .getByRole('link', { name: 'Privacy Policy' })
    await privacy.scrollIntoViewIfNeeded()
    const left = await page.evaluate(() => window.scrollY)
    expect(left).toBeGreaterThan(300)
    await privacy.click()
    await expect(page).toHaveTitle(`Privacy Policy | ${globalTitle}`)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await expect(page.locator('[data-page="faq"]')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)
    await page.goForward()
    await expect(page).toHaveTitle(`Privacy Policy | ${globalTitle}`)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('an address that fails its check, opened in the browser, shows the error view in the chrome, without a reload', async ({
    page,
  }) => {
    await page.goto('/faq')
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    // What back and forward do: the address changes, then the router opens it.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/office/0')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByText('Page Not Found: /office/0', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.locator(`[data-block="${published.layout.header}"]`)).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })
})

test.describe('preview mode', () => {
  test('?version=working shows a content manager the banner, survives navigation and a reload, and its link clears it', async ({
    page,
  }) => {
    await staffSignIn(page, demoStaff('content'))
    await page.goto('/?version=working')
    const banner = page.getByRole('region', { name: 'Preview' })
    await expect(banner).toContainText('You are viewing an unpublished version of this site.')
    await expect(banner.getByRole('link')).toHaveText(
      'This is not the current live version. Click here to view the latest published version.',
    )
    await waitForHydration(page)
    expect(await page.evaluate(() => localStorage.getItem('preview'))).toBe('working')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(banner).toBeVisible()
    await page.reload()
    await expect(banner).toContainText('unpublished version')

    await waitForHydration(page)
    await page.goto('/faq?version=working&utm_source=mail')
    await waitForHydration(page)
    await banner.getByRole('link').click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(banner).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('preview'))).toBeNull()
  })

  test('anyone else asking for the draft gets the published site, and the banner says why in one consistent message, offering to leave preview', async ({
    page,
  }) => {
    await page.goto('/?version=working')
    const banner = page.getByRole('region', { name: 'Preview' })
    // Only why, and a way out: not "this is not the current live version", which the published site is.
    await expect(banner).toHaveText(
      'Version “working” could not be shown (Only content managers, or a preview link, can see the unpublished version). This is the published site. Leave preview',
    )
    await expect(page.locator('[data-part="banner"]')).toHaveCount(0)
    await waitForHydration(page)
    await banner.getByRole('link', { name: 'Leave preview' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(banner).toHaveCount(0)
  })

  test('a preview link shows the draft without signing in', async ({ browser, baseURL }) => {
    const editor = await contentManager(baseURL!)
    const link = await editor.previewLink()
    await editor.dispose()
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(link.replace(new URL(link).origin, baseURL!))
    await expect(page.getByRole('region', { name: 'Preview' })).toContainText(
      'You are viewing an unpublished version of this site.',
    )
    // The draft's banner is on (working.json), the published site's is off.
    await expect(page.locator('[data-part="banner"]')).toContainText('whitening')
    await context.close()
  })

  test('an older version shows the "older version" banner; an unknown one says why and shows the published site', async ({
    page,
  }) => {
    await page.goto('/?version=1')
    const banner = page.getByRole('region', { name: 'Preview' })
    await expect(banner).toContainText('You are viewing an older version of this site.')
    await waitForHydration(page)
    await banner.getByRole('link').click()
    await expect(banner).toHaveCount(0)
    await page.goto('/?version=v-does-not-exist')
    await expect(banner).toContainText('could not be shown')
    await expect(banner).toContainText('This is the published site.')
  })
})

test('the second tenant’s host is served its own content, header variant and brand', async ({ page, baseURL }) => {
  const content = tenantContent(otherTenant.groupKey)
  const host = otherTenant.hosts[0]!
  const url = new URL(baseURL!)
  url.hostname = host
  await page.goto(url.href)
  expect(content.layout.header).not.toBe(published.layout.header)
  await expect(page.locator(`[data-block="${content.layout.header}"]`)).toBeVisible()
  await expect(page.locator(`[data-block="${content.layout.footer}"]`)).toBeVisible()
  await expect(page.getByRole('img', { name: content.header.variables.header_log_alt! })).toBeVisible()
  await expect(page).toHaveTitle(`Home | ${content.base.variables.global_title}`)
  await expect(page.locator('.site')).toHaveCSS('--brand-primary', content.theme.primary)
})

test.describe('every route renders its page, without a fallback, a block error, a console error or a hydration warning', () => {
  for (const { page: pageId, path, access } of everyRoutePath()) {
    test(`${path} (${pageId})`, async ({ page }) => {
      if (access === 'member') {
        await page.goto('/')
        await signIn(page, demoAccount('member'))
      }
      if (pageId.startsWith('checkout')) {
        // A checkout's pages need a checkout as far as the step (with one family member to edit).
        await page.goto('/')
        await startCheckout(page, 'member')
      }
      const problems = watchConsole(page)
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      const root = page.locator(`[data-page="${pageId}"]`)
      await expect(root).toBeVisible()
      await waitForHydration(page)
      expect(problems).toEqual([])
      await expect(page.locator('[data-block-error], [data-part-error]')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    })
  }
})
