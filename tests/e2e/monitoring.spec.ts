import { spawnSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { rumBatchSchema, type RumEvent } from '#schemas/engine/monitoring.ts'
import { axeViolations, expect, otherTenant, test, waitForHydration } from './fixtures.ts'
import { PLAYGROUND_PORT, PORT } from './ports.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

/**
 * Real-user monitoring. The playground's server is configured for it (RUM_CLIENT_TOKEN in
 * playwright.config.ts); the main server is not; the second tenant's content sets
 * disable_performance_tracking.
 */
const MONITORED = `http://localhost:${PLAYGROUND_PORT}`
const TYPED = 'typed-secret-4711@example.com'

/** Every batch the page sends to the intake, parsed. */
function watchIntake(page: Page): RumEvent[] {
  const events: RumEvent[] = []
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/rum/intake')) return
    events.push(...rumBatchSchema.parse(JSON.parse(request.postData() ?? '')).events)
  })
  return events
}

/** A visit: the sign-in page, a click and some typing, a client navigation, then the tab is left. */
async function visit(page: Page, origin: string, monitored = false): Promise<void> {
  // Monitoring starts once the page has loaded and the browser is idle: where it is on, its code's
  // arrival is the sign (a navigation before it would not be seen); where it is off, the time it
  // would have taken.
  const monitoring = monitored
    ? page.waitForResponse((response) => /\/assets\/rum-[\w-]+\.js$/.test(response.url()))
    : undefined
  await page.goto(`${origin}/member-login`)
  await waitForHydration(page)
  if (monitoring) {
    await monitoring
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  } else await page.waitForTimeout(1500)
  await page.getByLabel('Email').click()
  await page.keyboard.type(TYPED)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('link', { name: 'Find a dentist' }).first().click()
  await expect(page).toHaveURL(/\/find-a-dentist$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The visitor switches tabs: the page is hidden, and the final vitals go out as beacons.
  // (Headless Chromium keeps every tab visible, so the test says it is hidden, as web-vitals'
  // own tests do; beacons sent while a page unloads are not reported to Playwright.)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

test('a monitored visit sends LCP, INP and CLS, its pages and clicks, never what was typed; the playground shows them', async ({
  page,
}) => {
  const events = watchIntake(page)
  await visit(page, MONITORED, true)
  await expect
    .poll(
      () =>
        events
          .filter((event) => event.type === 'vital')
          .map((event) => event.name)
          .sort(),
      { timeout: 10_000 },
    )
    .toEqual(expect.arrayContaining(['CLS', 'INP', 'LCP']))

  const vitals = events.filter((event) => event.type === 'vital')
  // The vitals belong to the page the visit landed on.
  expect(new Set(vitals.map((event) => event.path))).toEqual(new Set(['/member-login']))
  await expect
    .poll(() => events.filter((event) => event.type === 'view').map((event) => [event.path, event.kind]))
    .toEqual([
      ['/member-login', 'load'],
      ['/find-a-dentist', 'route'],
    ])
  const actions = events.flatMap((event) => (event.type === 'action' ? [`${event.role}: ${event.name}`] : []))
  expect(actions).toEqual(expect.arrayContaining(['email: Email', 'button: Sign in', 'link: Find a Dentist']))
  expect(events.some((event) => event.type === 'resource' && event.url.startsWith('/assets/'))).toBe(true)
  // Masked input: what the visitor typed is in no event.
  expect(JSON.stringify(events)).not.toContain(TYPED)
  expect(JSON.stringify(events)).not.toContain('typed-secret')

  // The content manager sees the visit in the playground.
  await staffSignIn(page, demoStaff('content'), `${MONITORED}/playground/vitals`)
  await expect(page.getByRole('heading', { level: 1, name: 'Real-user vitals' })).toBeVisible()
  for (const name of [
    'Largest Contentful Paint (LCP)',
    'Interaction to Next Paint (INP)',
    'Cumulative Layout Shift (CLS)',
  ]) {
    const card = page.getByRole('region', { name })
    await expect(card).toContainText(/75th percentile of [1-9]\d* visits?/)
  }
  const row = page.getByRole('row', { name: /^\/member-login/ })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(1)).toHaveText(/\d+(\.\d+)? s/)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Content editor' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Content playground' })).toBeVisible()
})

test('nothing is sent where monitoring is not configured, or the content disables it', async ({ page }) => {
  const events = watchIntake(page)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  // Not configured: the main server.
  await visit(page, `http://localhost:${PORT}`)
  // Configured, but this tenant's content sets disable_performance_tracking.
  await visit(page, `http://${otherTenant.hosts[0]}:${PLAYGROUND_PORT}`)
  await page.waitForTimeout(500)
  expect(events).toEqual([])
  // Its code is not even loaded, and no session was drawn.
  expect(scripts.filter((url) => /\/rum-[\w-]+\.js$/.test(url))).toEqual([])
  await page.goto(`http://localhost:${PORT}/faq`)
  expect(await page.evaluate(() => localStorage.getItem('rum-session'))).toBeNull()
})

test('a bad monitoring setting stops the start, naming it', () => {
  for (const [env, message] of [
    [
      { RUM_CLIENT_TOKEN: 'token', RUM_SESSION_SAMPLE_RATE: '150' },
      'Invalid configuration: RUM_SESSION_SAMPLE_RATE: expected a number from 0 to 100',
    ],
    [
      { RUM_CLIENT_TOKEN: 'token', RUM_TRACKING_CONSENT: 'maybe' },
      'Invalid configuration: RUM_TRACKING_CONSENT: Invalid option: expected one of "granted"|"not-granted"',
    ],
    [
      { RUM_SESSION_REPLAY_SAMPLE_RATE: '10' },
      'Invalid configuration: RUM_CLIENT_TOKEN: required when monitoring is configured (RUM_SESSION_REPLAY_SAMPLE_RATE set)',
    ],
  ] as const) {
    const started = spawnSync(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, DATA_DIR: 'memory:', PORT: '0', PAYMENT_FIELDS_PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(started.status).toBe(1)
    expect(started.stderr.trim()).toBe(message)
  }
})
