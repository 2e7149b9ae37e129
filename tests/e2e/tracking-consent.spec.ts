/**
 * Tracking consent that can be given (issue 30, item 4). A server of its own waits for visitors'
 * consent before monitoring (RUM_TRACKING_CONSENT=not-granted, the sandbox collector as the
 * intake): a visitor is asked in a banner, nothing is measured before "Allow", the answer survives
 * a reload, and the footer's "Privacy choices" withdraws it. At 1280 and 375 px, with axe.
 */
import type { Page } from '@playwright/test'
import { rumBatchSchema, type RumEvent } from '#schemas/engine/monitoring.ts'
import { axeViolations, expect, otherTenant, test, waitForHydration } from './fixtures.ts'
import { PLAYGROUND_PORT } from './ports.ts'
import { startServer, stop, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const WIDTHS = [1280, 375] as const
let server: ServerProcess

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startServer({
    DATA_DIR: 'memory:',
    LOG_LEVEL: 'warn',
    RUM_CLIENT_TOKEN: 'e2e-consent-token',
    RUM_TRACKING_CONSENT: 'not-granted',
  })
})
test.afterAll(async () => {
  await stop(server)
})

/** What the page sends to the intake, and whether it loaded the monitoring's code, as they happen. */
function watchMonitoring(page: Page) {
  const seen = { events: [] as RumEvent[], batches: 0, rumCode: 0 }
  page.on('request', (request) => {
    if (/\/rum-[\w-]+\.js$/.test(request.url())) seen.rumCode += 1
    if (!request.url().endsWith('/api/rum/intake')) return
    seen.batches += 1
    seen.events.push(...rumBatchSchema.parse(JSON.parse(request.postData() ?? '')).events)
  })
  return {
    seen,
    reset: () => {
      seen.events.length = 0
      seen.batches = 0
      seen.rumCode = 0
    },
  }
}

/**
 * The visitor switches tabs: monitoring, when it runs, sends what it holds at once (headless
 * Chromium keeps every tab visible, so the test says it is hidden, as tests/e2e/monitoring.spec.ts does).
 */
async function leaveTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/** A page, past its load and the idle moment monitoring would start at, then the tab is left. */
async function openAndLeave(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitForHydration(page)
  await page.waitForTimeout(2000)
  await leaveTab(page)
  await page.waitForTimeout(500)
}

const storedChoice = (page: Page) => page.evaluate(() => localStorage.getItem('tracking-consent'))

for (const width of WIDTHS) {
  test(`at ${width} px: nothing is measured until "Allow", the answer survives a reload, and the footer withdraws it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
    const monitoring = watchMonitoring(page)
    const { seen } = monitoring
    const choices = page.getByRole('region', { name: 'Privacy choices' })
    const footerLink = page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' })

    // A new visitor is asked what may be measured, and nothing is until they answer.
    await openAndLeave(page, `${server.base}/faq`)
    await expect(choices).toBeVisible()
    await expect(choices).toContainText(
      'With your permission, we measure how quickly our pages load and respond to clicks and taps, to find and fix slow pages. These measurements never include anything you type.',
    )
    await expect(choices.getByRole('button', { name: 'Decline' })).toBeVisible()
    // The banner asks without taking the focus.
    await expect(choices).not.toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    expect(seen).toEqual({ events: [], batches: 0, rumCode: 0 })

    // The first Tab reaches it; the visitor allows with the keyboard.
    await page.keyboard.press('Tab')
    await expect(choices.getByRole('button', { name: 'Allow' })).toBeFocused()
    const rumCode = page.waitForRequest(/\/rum-[\w-]+\.js$/)
    await page.keyboard.press('Enter')
    await expect(choices).toBeHidden()
    expect(await storedChoice(page)).toBe('granted')
    await rumCode
    // Monitoring runs now: leaving the tab sends this page's view.
    await expect
      .poll(async () => {
        await leaveTab(page)
        return seen.events.filter((event) => event.type === 'view').map((event) => event.path)
      })
      .toContain('/faq')

    // A reload keeps the answer: not asked again, and measured.
    monitoring.reset()
    await page.reload()
    await waitForHydration(page)
    await expect.poll(() => seen.rumCode).toBe(1)
    await expect(choices).toBeHidden()
    await expect
      .poll(async () => {
        await leaveTab(page)
        return seen.batches
      })
      .toBeGreaterThan(0)

    // The footer's link opens the choices again, with the focus in them and the current answer.
    await footerLink.click()
    await expect(choices).toBeVisible()
    await expect(choices).toBeFocused()
    await expect(choices).toContainText('You currently allow these measurements.')
    expect(await axeViolations(page)).toEqual([])
    // Withdrawn with the keyboard: the focus goes back to the link.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(choices.getByRole('button', { name: 'Decline' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(choices).toBeHidden()
    await expect(footerLink).toBeFocused()
    expect(await storedChoice(page)).toBe('not-granted')

    // From then on nothing is measured, after a reload too, and the visitor is not asked again.
    await page.waitForTimeout(500)
    monitoring.reset()
    await leaveTab(page)
    await openAndLeave(page, `${server.base}/faq`)
    await expect(footerLink).toBeVisible()
    await expect(choices).toBeHidden()
    expect(seen).toEqual({ events: [], batches: 0, rumCode: 0 })

    // The choice can be given again.
    await footerLink.click()
    await expect(choices).toContainText('You currently decline these measurements.')
    await choices.getByRole('button', { name: 'Allow' }).click()
    await expect(choices).toBeHidden()
    await expect.poll(() => seen.rumCode).toBe(1)
  })
}

test('nobody is asked where the content disables tracking, or where the server does not wait for consent', async ({
  page,
}) => {
  const { seen } = watchMonitoring(page)
  const notAsked = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Privacy choices' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Privacy choices' })).toHaveCount(0)
    expect(await storedChoice(page)).toBeNull()
  }
  // This server waits for consent, but the second tenant's content sets disable_performance_tracking:
  // nothing is asked, nothing measured.
  await openAndLeave(page, `http://${otherTenant.hosts[0]}:${new URL(server.base).port}/faq`)
  await notAsked()
  expect(seen).toEqual({ events: [], batches: 0, rumCode: 0 })
  // The playground's server monitors without asking (its setting grants consent).
  await openAndLeave(page, `http://localhost:${PLAYGROUND_PORT}/faq`)
  await notAsked()
  expect(seen.rumCode).toBe(1)
  expect(seen.batches).toBeGreaterThan(0)
})
