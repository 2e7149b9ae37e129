import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

/** Counts the page's full loads (each reload is one more). */
function countLoads(page: Page): () => number {
  let loads = 0
  page.on('load', () => (loads += 1))
  return () => loads
}

test('a new build id reloads an open page once, at the same address (the 10 s guard stops a loop)', async ({
  page,
}) => {
  await page.goto('/faq?from=test')
  await waitForHydration(page)
  const loads = countLoads(page)
  // The server deploys a new build: its build check answers another id from now on.
  await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id: 'a-newer-build' } }))
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect.poll(loads).toBe(1)
  await expect(page).toHaveURL(/\/faq\?from=test$/)
  await waitForHydration(page)
  // The reloaded page still runs the old id (this server did not change): its check finds the
  // new id again, and the guard keeps it from reloading within ten seconds.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await page.waitForTimeout(1500)
  expect(loads()).toBe(1)
})

test('a chunk that cannot be loaded (an older build’s, deleted) reloads once at the target route', async ({ page }) => {
  // No prefetching here: the chunk is first asked for by the click.
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
  )
  await page.goto('/find-a-dentist?zip=90210&radius=25')
  await waitForHydration(page)
  const loads = countLoads(page)
  let refused = 0
  await page.route(/\/assets\/page-office-[\w-]+\.js$/, async (route) => {
    if (refused > 0) return route.continue()
    refused += 1
    await route.fulfill({ status: 404, body: 'Not found' })
  })
  await page
    .getByRole('article', { name: 'Beverly Hills Family Dentistry' })
    .getByRole('link', { name: 'Beverly Hills Family Dentistry', exact: true })
    .click()
  await expect.poll(loads).toBe(1)
  await expect(page).toHaveURL(/\/office\/1001$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beverly Hills Family Dentistry')
  expect(refused).toBe(1)
})

test('a part of the page’s start that cannot be loaded (an older build’s, deleted) reloads the page once, which then works', async ({
  page,
}) => {
  // The first document names a chunk the server no longer has (its preload and its import fail);
  // the document a reload gets names the chunks the server has.
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents += 1
  })
  let refused = 0
  await page.route(/\/assets\/site-shell-[\w-]+\.js$/, async (route) => {
    if (documents > 1) return route.continue()
    refused += 1
    await route.fulfill({ status: 404, body: 'Not found' })
  })
  await page.goto('/faq?from=test')
  // The first document, then one reload at the same address (it may come before the first
  // document's load event, so documents are counted, not loads).
  await expect.poll(() => documents).toBe(2)
  await expect(page).toHaveURL(/\/faq\?from=test$/)
  await waitForHydration(page)
  expect(refused).toBeGreaterThanOrEqual(1)
  // Hydrated: a link navigates in the page, without a new document.
  await page.getByRole('banner').getByRole('link', { name: 'Find a Dentist', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Find a Dentist' })).toBeVisible()
  expect(documents).toBe(2)
})
