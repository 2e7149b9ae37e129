import { readFileSync } from 'node:fs'
import type { Frame, Page } from '@playwright/test'
import type { CmsContentInput } from '#schemas/cms.ts'
import { contentManager, demoAccount, expect, signIn, test, waitForHydration } from './fixtures.ts'
import { HOSTILE_PORT } from './ports.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

/**
 * Stored XSS through content (issue 26, finding 1): DOMPurify's own 223 cases and event-handler
 * vectors, published as a content manager could, reach visitors through every render path (the
 * server's first render, client navigation, a preview of the draft, the playground's preview of
 * what is being typed) and none runs. `alert`, `confirm` and `prompt` are replaced by a recorder
 * in every frame before any script of the page; the page's markup is then searched for anything
 * that could run on a click (an `on…` attribute, a `javascript:` address, a script or frame).
 */
test.describe.configure({ mode: 'serial' })
const BASE = `http://localhost:${HOSTILE_PORT}`
test.use({ baseURL: BASE })

const corpus = (JSON.parse(readFileSync('tests/corpus/dompurify-expect.json', 'utf8')) as { payload: string }[]).map(
  (entry) => entry.payload,
)
/** Vectors that run without a click, and the addresses that leave the site or run on one. */
const EVENT_VECTORS = [
  '<img src=x onerror=alert(document.domain)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)></audio>',
  '<body onload=alert(1)>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style><p style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="javascript:alert(1)">click</a><a href="JaVaScRiPt:alert(1)">click</a><a href="java&#x09;script:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a><a href="data:image/svg+xml,<svg onload=alert(1)>">image link</a>',
  '<a href="//evil.example/claim">won</a><a href="/\\evil.example/claim">won</a><a href="\\\\evil.example">won</a>',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<img src="x" onerror="fetch(\'/api/v4/member/info\').then(r=>r.text()).then(alert)">',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div onpointerover=alert(1) style="position:fixed;inset:0">cover</div>',
]
const PAYLOADS = [...corpus, ...EVENT_VECTORS]
const chunks = (values: string[], size: number) =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, index * size + size))

/** Content with the payloads in every kind of rich text: the FAQ page's introduction and sections, a landing page with every rich-text section. */
function hostile(content: CmsContentInput, label: string): CmsContentInput {
  const faq = content.pages?.faq ?? {}
  return {
    ...content,
    pages: {
      ...content.pages,
      faq: {
        ...faq,
        intro: `${label} ${EVENT_VECTORS.join(' ')}`,
        sections: [
          { block: 'section-cta', props: { headline: 'The lab', button_text: 'Open the lab', button_url: '/xss-lab' } },
          ...((faq.sections as { props?: { button_url?: string } }[] | undefined) ?? []).filter(
            (section) => section.props?.button_url !== '/xss-lab',
          ),
        ],
      },
    },
    landing_pages: [
      ...(content.landing_pages ?? []).filter((page) => page.slug !== 'xss-lab'),
      {
        slug: 'xss-lab',
        title: 'Lab',
        headline: `${label} lab`,
        body: EVENT_VECTORS.join(''),
        sections: [
          { block: 'section-hero', props: { headline: 'Hero', text: EVENT_VECTORS.join('') } },
          {
            block: 'section-faq',
            props: { title: 'Corpus', items: PAYLOADS.map((answer, index) => ({ question: `Case ${index}`, answer })) },
          },
          ...chunks(PAYLOADS, 25).map((part, index) => ({
            block: 'section-rich-text',
            props: { title: `Text ${index}`, body: `<p>Part ${index}</p>${part.join('\n')}` },
          })),
          ...chunks(EVENT_VECTORS, 5).map((part, index) => ({
            block: 'section-notice',
            props: { title: `Notice ${index}`, body: `<p>Notice ${index}</p>${part.join('')}` },
          })),
        ],
      },
    ],
    header: {
      ...content.header,
      variables: {
        ...content.header.variables,
        showHeaderBanner: true,
        headerBannerText: `${label} ${EVENT_VECTORS.slice(0, 6).join('')}`,
      },
    },
  }
}

/** Records every call of alert, confirm and prompt in every frame, from before the page's first script. */
async function recordDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = []
    Object.assign(window, { __xss: calls })
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => void calls.push(`${name}(${args.map(String).join(', ')})`),
        configurable: false,
        writable: false,
      })
    }
  })
  page.on('dialog', (dialog) => void dialog.dismiss())
}

/** What ran, once every image of the page has loaded or failed (an `onerror` runs then), and what could run on a click. */
async function whatRan(frame: Page | Frame): Promise<{ calls: string[]; active: string[] }> {
  await frame.waitForFunction(() => [...document.images].every((image) => image.complete))
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return frame.evaluate(() => {
    const active: string[] = []
    // The page's parts that show content (the router's hydration script and React's image preloads sit beside them).
    for (const element of document.querySelectorAll(
      '#root header *, #root main *, #root footer *, #root [role="region"] *',
    )) {
      const tag = element.tagName.toLowerCase()
      if (['script', 'iframe', 'object', 'embed', 'form', 'style', 'base', 'meta', 'link'].includes(tag))
        active.push(`<${tag}>`)
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) active.push(`${tag}[${attribute.name}]`)
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(attribute.name) &&
          /^\s*(javascript|vbscript|data:text)/i.test(attribute.value)
        )
          active.push(`${tag}[${attribute.name}=${attribute.value}]`)
        if (attribute.name === 'href' && /^\s*(data:|[/\\]{2})/i.test(attribute.value))
          active.push(`${tag}[href=${attribute.value}]`)
      }
    }
    return { calls: (window as unknown as { __xss: string[] }).__xss, active }
  })
}

const nothingRan = { calls: [], active: [] }

let editor: Awaited<ReturnType<typeof contentManager>>
test.beforeAll(async () => {
  editor = await contentManager(BASE)
  await editor.publish((content) => hostile(content, 'Published'), 'Hostile HTML in every rich text')
})
test.afterAll(() => editor.dispose())

test('the first render of a page with hostile content runs nothing', async ({ page }) => {
  await recordDialogs(page)
  for (const path of ['/faq', '/xss-lab']) {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await whatRan(page), path).toEqual(nothingRan)
  }
  await expect(page.getByText(/Case 222$/)).toBeAttached()
})

test('client navigation to the pages runs nothing (the attack: open /, click FAQ), signed in as a member too', async ({
  page,
}) => {
  await recordDialogs(page)
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await waitForHydration(page)
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).first().click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('link', { name: 'Open the lab' })).toBeVisible()
  expect(await whatRan(page)).toEqual(nothingRan)
  await page.getByRole('link', { name: 'Open the lab' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Published lab' })).toBeVisible()
  expect(await whatRan(page)).toEqual(nothingRan)
  // Both pages were reached by the site's own navigation, in the document first loaded.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

test('a preview of a hostile draft, opened from a preview link and navigated, runs nothing', async ({ browser }) => {
  await editor.saveDraft((content) => hostile(content, 'Draft'))
  const link = await editor.previewLink()
  const context = await browser.newContext()
  const page = await context.newPage()
  await recordDialogs(page)
  await page.goto(link.replace(/^https?:\/\/[^/]+/, BASE).replace('/?', '/faq?'))
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('unpublished version')
  await expect(page.getByText(/^Draft /).first()).toBeVisible()
  expect(await whatRan(page)).toEqual(nothingRan)
  await page.getByRole('link', { name: 'Open the lab' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Draft lab' })).toBeVisible()
  expect(await whatRan(page)).toEqual(nothingRan)
  await context.close()
})

test('the playground previews hostile HTML as it is typed, before any save, and runs nothing', async ({
  page,
  cspViolations,
}) => {
  await recordDialogs(page)
  await staffSignIn(page, demoStaff('content'), '/playground')
  await page.locator('[role="tab"]#tab-header').click()
  await page.getByLabel('Show the banner').check()
  const frame = page.frame({ url: /\/playground\/preview/ })
  expect(frame).not.toBeNull()
  const banner = page.frameLocator('iframe[title="Preview of the draft"]').locator('[data-part="banner"]')
  for (const [index, part] of chunks(PAYLOADS, 20).entries()) {
    await page.getByLabel('Banner text (rich text)').fill(`Typed ${index} ${part.join('')}`)
    await expect(banner).toContainText(`Typed ${index}`)
    expect(await whatRan(frame!), `payloads ${index * 20} to ${index * 20 + part.length - 1}`).toEqual(nothingRan)
  }
  expect(await whatRan(page)).toEqual(nothingRan)
  // The browser's sanitiser parses what is typed in a document of its own, where nothing runs; some
  // Chromium versions report each event-handler attribute met there as blocked by the CSP
  // (script-src-attr; 150 reports none). Those, and only those, may be reported: the policy's second wall.
  expect(
    cspViolations.filter(
      (violation) => !/: enforce script-src-attr blocked inline at .*\/assets\/[\w-]+\.js:\d+/.test(violation),
    ),
  ).toEqual([])
  cspViolations.length = 0
})
