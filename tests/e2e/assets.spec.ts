import { registry } from '#site-config/registry.ts'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoAccount, expect, signIn, startCheckout, test, waitForHydration } from './fixtures.ts'

test('hashed assets are sent precompressed by Accept-Encoding, and cached for good', async ({ request }) => {
  const html = await (await request.get('/')).text()
  // The largest script the page preloads (the engine's chunk): tiny files are not worth compressing.
  const scripts = [...html.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
  const sizes = await Promise.all(
    scripts.map(
      async (path) =>
        [
          path,
          (await (await request.get(path, { headers: { 'accept-encoding': 'identity' } })).body()).length,
        ] as const,
    ),
  )
  const script = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0]
  expect(script, 'a script preloaded by /').toBeDefined()
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const source = await plain.body()
  for (const [accepted, sent] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const response = await request.get(script!, { headers: { 'accept-encoding': accepted } })
    expect(response.headers()['content-encoding'], accepted).toBe(sent)
    expect(response.headers()['content-type']).toMatch(/javascript/)
    expect(response.headers()['vary']).toMatch(/Accept-Encoding/i)
    expect(Number(response.headers()['content-length'])).toBeLessThan(source.length / 2)
    // The client decompresses: the same script.
    expect((await response.body()).equals(source)).toBe(true)
  }
})

test('a page loads only the code it runs: no DOMPurify, menu library, monitoring, react-router’s own browser router and Form, or form library where they are not used', async ({
  request,
}) => {
  // Signatures of each library's code (strings their minified builds keep). The site navigates with
  // the engine's router (engine/browser-router.ts); react-router's `createRouter` is the playground's.
  const LIBRARIES = {
    DOMPurify: 'uponSanitizeShadowNode',
    'the dropdown menu': 'DropdownMenuContent',
    'web-vitals': 'first-input',
    'react-router’s createRouter': 'non-empty routes array to createRouter',
    // react-router's Form, which its build would keep with every page (vite.config.ts, reactRouterPure).
    'react-router’s Form': 'formmethod',
  }
  const initialCode = async (path: string) => {
    const html = await (await request.get(path)).text()
    const scripts = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
    return (await Promise.all(scripts.map(async (script) => (await request.get(script)).text()))).join('\n')
  }
  for (const path of ['/', '/faq', '/find-a-dentist', '/member-login', '/office/1001']) {
    const code = await initialCode(path)
    for (const [library, signature] of Object.entries(LIBRARIES))
      expect(code.includes(signature), `${library} in the initial JavaScript of ${path}`).toBe(false)
  }
  // The signature is really react-router's: the playground, which uses its memory router, has it.
  expect(await initialCode('/playground')).toContain(LIBRARIES['react-router’s createRouter'])
  // The form library (a formState key react-hook-form keeps) is the member forms': the content
  // pages' forms (the contact form, the searches) and dialogs that load later do without it.
  const FORM_LIBRARY = 'validatingFields'
  for (const path of ['/', '/faq', '/support', '/find-a-dentist', '/directory', '/office/1001'])
    expect(
      (await initialCode(path)).includes(FORM_LIBRARY),
      `react-hook-form in the initial JavaScript of ${path}`,
    ).toBe(false)
  expect(await initialCode('/member-login')).toContain(FORM_LIBRARY)
})

/** A string zod's code keeps when minified (its core's check of `extend`). */
const ZOD = 'Invalid input to extend'

test('zod is not part of a page’s start: the page hydrates with the props the server checked, and zod arrives with the first check the browser makes', async ({
  page,
  request,
  browser,
}) => {
  const initialCode = async (path: string, as: APIRequestContext = request) => {
    const response = await as.get(path)
    expect(new URL(response.url()).pathname, `${path} is the page itself, not a redirect`).toBe(path.split('?')[0])
    const scripts = [...(await response.text()).matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    )
    return (await Promise.all(scripts.map(async (script) => (await as.get(script)).text()))).join('\n')
  }
  // Every page: its forms, card fields and API contracts load their schemas with their first use.
  const pages = [
    '/',
    '/faq',
    '/support',
    '/member-login',
    '/reset-password',
    '/join-now',
    '/find-a-dentist?zip=90210',
    '/office/1001',
    '/directory',
    '/savings-summary',
    '/grievance-form',
  ]
  for (const path of pages)
    expect((await initialCode(path)).includes(ZOD), `zod in the initial JavaScript of ${path}`).toBe(false)
  // A member's dashboard, and a buyer's checkout at each of its steps.
  const member = await browser.newPage()
  await member.goto('/')
  await signIn(member, demoAccount('member'))
  expect(
    (await initialCode('/dashboard', member.request)).includes(ZOD),
    'zod in the initial JavaScript of /dashboard',
  ).toBe(false)
  const buyer = await browser.newPage()
  await buyer.goto('/')
  await startCheckout(buyer, 'member')
  for (const path of ['/checkout/create-account', '/checkout/add-member', '/checkout/payment'])
    expect((await initialCode(path, buyer.request)).includes(ZOD), `zod in the initial JavaScript of ${path}`).toBe(
      false,
    )
  await Promise.all([member.context().close(), buyer.context().close()])

  // With every script that holds zod held back (a slow network), the page still hydrates: its menu
  // opens. (A script that fails to load reloads the page once, the policy for an older build's chunks.)
  let held = 0
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    if (!(await response.text()).includes(ZOD)) return route.fulfill({ response })
    held += 1
    return new Promise<void>(() => undefined)
  })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/faq')
  await waitForHydration(page)
  const header = page.locator('[data-block="1_header"]')
  await header.getByRole('button', { name: 'Open menu' }).click()
  await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await page.unrouteAll({ behavior: 'ignoreErrors' })

  // zod arrives with the first check: the sign-in form checks what is typed with its schema.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/member-login')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address')
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  )
  expect((await Promise.all(scripts.map(async (script) => (await request.get(script)).text()))).join('\n')).toContain(
    ZOD,
  )
  // The script held back above was zod's (asked for once the page was idle).
  expect(held).toBeGreaterThan(0)
})

/** Watches the scripts a page fetches: `code(from)` is the code of those fetched since the `from`-th. */
function watchScripts(page: Page) {
  const urls: string[] = []
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) urls.push(response.url())
  })
  const code = async (from = 0) =>
    (await Promise.all(urls.slice(from).map(async (url) => (await page.request.get(url)).text()))).join('\n')
  /** Whether a script of the chunk `name` (blocks/page-directory/report-dialog.tsx: `report-dialog`) arrived after the first `from`. */
  const fetched = (name: string, from = 0) =>
    urls.slice(from).some((url) => new URL(url).pathname.split('/').pop()!.startsWith(`${name}-`))
  return { count: () => urls.length, code, fetched }
}

test('a form’s checks are fetched once its page is idle, so the first check does not wait for them', async ({
  page,
}) => {
  // A message only the grievance form's schema has (blocks/page-grievance/form-schema.ts).
  const SIGNATURE = 'The date of service cannot be in the future'
  const scripts = watchScripts(page)
  await page.goto('/grievance-form')
  await waitForHydration(page)
  await expect
    .poll(async () => (await scripts.code()).includes(SIGNATURE), {
      message: 'the grievance form’s schema fetched before any check',
      timeout: 20_000,
    })
    .toBe(true)
  // Its first check then answers at once: the missing fields are marked and the first has the focus.
  await page.getByRole('button', { name: 'Review before submitting' }).click()
  await expect(page.getByLabel('Member name')).toBeFocused()
  await expect(page.getByLabel('Member name')).toHaveAttribute('aria-invalid', 'true')
})

// The id of the directory's report form (blocks/page-directory/report-dialog.tsx, with its form library): its
// texts are settings, written in the settings' schema module, not in the form's code.
const REPORT_FORM = 'directory-report'
const REPORT_DIALOG = 'report-dialog'

test('a dialog’s code is not part of the page’s start: the directory loads it when its report dialog first opens, which then works by keyboard', async ({
  page,
}) => {
  // A string of Radix's dialog, which the site's dialog is built on (engine/ui/modal-dialog.tsx), and the report form's.
  const SIGNATURES = ['DialogContentModal', REPORT_FORM]
  const scripts = watchScripts(page)
  // No loading ahead once the page is idle (the dialog's code is fetched then, data-saver aside).
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
  )
  await page.goto('/directory?name=Chen')
  await waitForHydration(page)
  const start = await scripts.code()
  for (const signature of SIGNATURES)
    expect(start, `${signature} in the JavaScript /directory loads to start`).not.toContain(signature)
  const started = scripts.count()
  const trigger = page.getByRole('button', { name: /^Report a mistake about Dr\. Maya Chen/ })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /Report a mistake/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('What is wrong')).toBeFocused()
  const opened = await scripts.code(started)
  for (const signature of SIGNATURES) expect(opened, 'the code the open dialog loaded').toContain(signature)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})

test('a dialog’s code is fetched once the page is idle, so the first report opens without waiting for it', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  await page.goto('/directory?name=Chen')
  await waitForHydration(page)
  await expect
    // By its chunk: the form's id is also in the directory reports' API paths, which arrive at idle too.
    .poll(() => scripts.fetched(REPORT_DIALOG), {
      message: 'the report dialog’s code fetched before any report is opened',
      timeout: 20_000,
    })
    .toBe(true)
  const before = scripts.count()
  await page.getByRole('button', { name: /^Report a mistake about Dr\. Maya Chen/ }).click()
  await expect(page.getByRole('dialog', { name: /Report a mistake/ })).toBeVisible()
  expect(scripts.fetched(REPORT_DIALOG, before), 'the report dialog’s chunk fetched again once the report opened').toBe(
    false,
  )
})

test('the parts of a page that only show (search results, fee tables, disclosures, the directory’s table) keep the server’s HTML: their code is not in the page’s start', async ({
  page,
  request,
}) => {
  const initialScripts = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/(?:href|src)="\/assets\/([^"]+)\.js"/g)].map(
      (match) => match[1]!,
    )
  const parts = {
    '/find-a-dentist?zip=90210&radius=25': ['results'],
    '/savings-summary': ['fee-tables', 'disclosure'],
    '/directory?name=Chen': ['directory'],
  }
  for (const [path, names] of Object.entries(parts)) {
    const scripts = await initialScripts(path)
    for (const name of names)
      expect(
        scripts.filter((script) => script.startsWith(`${name}-`)),
        `${name} in the start of ${path}`,
      ).toEqual([])
  }
  // They are there, and a new search renders its results in the browser.
  await page.goto('/find-a-dentist?zip=90210&radius=25')
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Beverly Hills Family Dentistry' })).toBeVisible()
  await page.getByRole('search').getByLabel('ZIP code').fill('94110')
  await page.getByRole('search').getByRole('button').click()
  await expect(page.getByRole('status')).toHaveText(/within 25 miles of 94110 \(San Francisco, CA\)/)
  await expect(page.getByRole('article', { name: 'Mission Street Dental' })).toBeVisible()
  await page.goto('/savings-summary')
  await expect(page.getByRole('region', { name: 'Fees on the Family plan' })).toBeVisible()
  await expect(page.getByRole('note', { name: 'Not insurance' })).toBeVisible()
})

test('a page loads the definitions of the blocks it hydrates, not every block’s, nor those of its static sections', async ({
  page,
  request,
}) => {
  const scripts: string[] = []
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url())
    if (/^\/assets\/[^/]+\.js$/.test(pathname)) scripts.push(pathname)
  })
  // No link prefetching here (it loads the blocks of the pages the links open, on purpose).
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
  )
  await page.goto('/faq')
  await waitForHydration(page)
  const code = (await Promise.all(scripts.map(async (script) => (await request.get(script)).text()))).join('\n')
  const rendered = new Set(
    await page.locator('[data-block]').evaluateAll((roots) => roots.map((root) => root.getAttribute('data-block')!)),
  )
  expect(rendered).toEqual(new Set(['1_header', 'faq', 'section-faq', 'section-notice', 'section-cta', '1_footer']))
  // Static sections keep the server's HTML: the page loads the blocks that hydrate.
  const definitions = await registry.definitionsByKey()
  const renderedNames = new Set(
    definitions.filter(([key]) => rendered.has(key) && !registry.isStatic(key)).map(([, block]) => block.name),
  )
  expect(renderedNames).toEqual(new Set(['header-classic', 'page-content', 'footer-classic']))
  // A block's description is in its definition only (the page never shows it): the page's code has
  // the descriptions of the blocks it hydrates, and of no other block.
  for (const [key, block] of definitions) {
    const described = code.includes(JSON.stringify(block.description).slice(1, -1))
    expect(described, `the definition of ${key} (${block.name}) in the JavaScript of /faq`).toBe(
      renderedNames.has(block.name),
    )
  }
})

test('the first paint needs no second request: the site’s stylesheet is in the page, and it styles the page', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/faq')).text()
  expect(html).not.toMatch(/<link\b[^>]*rel="stylesheet"/)
  const stylesheets: string[] = []
  page.on('request', (sent) => {
    if (sent.resourceType() === 'stylesheet') stylesheets.push(sent.url())
  })
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(stylesheets).toEqual([])
  // Tailwind's classes apply: the page's frame is a flex column, the main part grows.
  expect(await page.locator('main#main').evaluate((main) => getComputedStyle(main).flexGrow)).toBe('1')
  expect(await page.locator('div.site').evaluate((site) => getComputedStyle(site).flexDirection)).toBe('column')
})

test('icons are drawn from one sprite cached for good, not from code in every page’s JavaScript', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const uses = page.locator('header svg use')
  const hrefs = new Set(
    await uses.evaluateAll((elements) =>
      elements.map((element) => new URL(element.getAttribute('href')!, location.href).pathname),
    ),
  )
  expect(hrefs.size, 'the header’s icons come from one sprite').toBe(1)
  const sprite = await request.get([...hrefs][0]!)
  expect(sprite.status()).toBe(200)
  expect(sprite.headers()['content-type']).toContain('image/svg+xml')
  expect(sprite.headers()['cache-control']).toContain('immutable')
  // Each icon is drawn: the browser fetched the sprite and found the symbol (an unresolved <use> has no size).
  const phone = page
    .locator('header svg')
    .filter({ has: page.locator('use[href$="#phone"]') })
    .first()
  await expect
    .poll(() => phone.locator('use').evaluate((use) => (use as SVGUseElement).getBBox().width))
    .toBeGreaterThan(10)
  // The icons' shapes are not in the page's scripts.
  const scripts = await page
    .locator('script[type="module"][src], link[rel="modulepreload"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? element.getAttribute('href')!))
  const code = (await Promise.all(scripts.map(async (script) => (await request.get(script)).text()))).join('\n')
  const phoneShape = /<symbol id="phone" viewBox="0 0 24 24"><path d="([^"]+)"/.exec(await sprite.text())?.[1]
  expect(phoneShape).toBeTruthy()
  expect(code).not.toContain(phoneShape!)
})

test('what every page loads to start is a few files: the engine, the site’s shell, the header and the footer', async ({
  request,
}) => {
  // Left to the bundler, the code the start shares with the blocks was a chunk per set of importers
  // (38 files for /faq), each compressed on its own (vite.config.ts, startChunks).
  const chunkNames = async (path: string) => {
    const html = await (await request.get(path)).text()
    return new Set([...html.matchAll(/(?:href|src)="\/assets\/([^"]+)-[\w-]{8}\.js"/g)].map((match) => match[1]!))
  }
  const pages = await Promise.all(
    ['/', '/faq', '/find-a-dentist', '/member-login', '/join-now', '/office/1001', '/grievance-form'].map(chunkNames),
  )
  const everyPage = [...pages[0]!].filter((name) => pages.every((names) => names.has(name)))
  expect(everyPage.sort()).toEqual([
    'engine',
    'footer-classic',
    'header-classic',
    'rolldown-runtime',
    'site',
    'site-shell',
  ])
})

test('a page preloads every chunk its scripts import, so none is discovered late (a round trip each on a slow connection)', async ({
  request,
}) => {
  for (const path of [
    '/',
    '/faq',
    '/directory',
    '/find-a-dentist',
    '/member-login',
    '/join-now',
    '/office/1001',
    '/grievance-form',
  ]) {
    const html = await (await request.get(path)).text()
    const loaded = new Set([...html.matchAll(/(?:href|src)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!))
    // The site's entry imports its parts dynamically; the server preloads them all.
    const entry = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!)
    expect(entry, `the entry script of ${path}`).toHaveLength(1)
    const missing: string[] = []
    for (const file of loaded) {
      const code = await (await request.get(`/assets/${file}`)).text()
      // Static imports only (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`.
      for (const [, from, bare] of code.matchAll(/\bfrom\s*"\.\/([^"]+\.js)"|\bimport\s*"\.\/([^"]+\.js)"/g)) {
        const imported = (from ?? bare)!
        if (!loaded.has(imported)) missing.push(`${file} imports ${imported}`)
      }
    }
    expect(missing, `chunks ${path} imports without preloading them`).toEqual([])
  }
})

test('nothing on the page moves while it loads on a slow phone (the header is never painted half received, the dashboard’s details do not widen)', async ({
  browser,
}) => {
  // Lighthouse's mobile conditions: slow 4G, a 4× slower CPU. A header painted while its HTML was
  // still arriving (a top-bar link's icon without its text) moved when the rest came; so did the
  // dashboard's membership details, whose label column widened when its longest label arrived (it
  // now starts as wide as that label), and the plan switch's select, shorter than its button, grew when the
  // button arrived (the shift of its text, inside the control: 0.00004).
  for (const [path, signedIn] of [
    ['/office/1001', false],
    ['/office/1001', false],
    ['/dashboard', true],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    })
    const page = await context.newPage()
    if (signedIn) {
      await page.goto('/')
      await signIn(page, demoAccount('member'))
    }
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    })
    await page.addInitScript(() => {
      const shifts: string[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
        })[])
          shifts.push(
            `${entry.value.toFixed(6)} ${entry.sources.map((source) => `${source.node?.nodeName ?? 'inside a control'} '${source.node?.textContent?.trim().slice(0, 40) ?? ''}' ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`).join(', ')}`,
          )
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(
      await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts),
      `layout shifts on ${path}`,
    ).toEqual([])
    if (path === '/dashboard') {
      // Whether the HTML is cut between the select and its button depends on the network (1 run in 6
      // with a busy CPU); the select's height without the button does not.
      const select = page.getByLabel('Switch plan')
      const withButton = (await select.boundingBox())?.height
      await page.getByRole('button', { name: 'See the price' }).evaluate((button) => button.remove())
      expect(
        (await select.boundingBox())?.height,
        'the plan switch’s select without its button, as the page is received',
      ).toBe(withButton)
    }
    await context.close()
  }
})
