import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

/** The requests the page makes from now on, by path. */
function watchRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => paths.push(new URL(request.url()).pathname))
  return paths
}

const officeData = (path: string) => path === '/api/km/office/1001/details' || path === '/api/km/office/1001/plans'
const officeChunk = (path: string) => /\/assets\/page-office-[\w-]+\.js$/.test(path)
/**
 * Which of the page's scripts have run so far (Chromium's coverage: a module that was only fetched
 * and compiled by a preload has none), by path. Starts watching now.
 */
async function watchRuns(page: Page): Promise<() => Promise<string[]>> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false })
  return async () => {
    const ran = (await page.coverage.stopJSCoverage()).map((entry) => new URL(entry.url).pathname)
    await page.coverage.startJSCoverage({ resetOnNavigation: false })
    return ran
  }
}

/**
 * Opens `path` and waits until a script matching `script` has arrived and the browser is idle again
 * (an import runs a script as soon as it arrives); answers the scripts that ran so far.
 */
async function openUntilFetched(
  page: Page,
  path: string,
  script: (path: string) => boolean,
  ran: () => Promise<string[]>,
) {
  const fetched = page.waitForEvent('requestfinished', (request) => script(new URL(request.url()).pathname))
  await page.goto(path)
  await waitForHydration(page)
  await fetched
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  return ran()
}

const officeLink = (page: Page) =>
  page
    .getByRole('article', { name: 'Beverly Hills Family Dentistry' })
    .getByRole('link', { name: 'Beverly Hills Family Dentistry', exact: true })

test('a link in view fetches its page’s chunk ahead, hovering it the page’s data; the click then needs neither', async ({
  page,
}) => {
  const requests = watchRequests(page)
  const ran = await watchRuns(page)
  // Fetched, not run: it runs when the page opens, not while this one starts.
  const started = await openUntilFetched(page, '/find-a-dentist?zip=90210&radius=25', officeChunk, ran)
  expect(started.filter(officeChunk)).toEqual([])
  expect(requests.filter(officeData)).toEqual([])
  await officeLink(page).hover()
  await expect.poll(() => requests.filter(officeData)).toHaveLength(2)
  const before = requests.length
  await officeLink(page).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beverly Hills Family Dentistry')
  expect(requests.slice(before).filter((path) => officeData(path) || officeChunk(path))).toEqual([])
  expect((await ran()).filter(officeChunk)).toHaveLength(1)
})

test('once a content page is idle, its blocks’ props schemas and zod are fetched ahead, not run', async ({ page }) => {
  const zod = (path: string) => /\/assets\/zod-[\w-]+\.js$/.test(path)
  const ran = await watchRuns(page)
  expect((await openUntilFetched(page, '/faq', zod, ran)).filter(zod)).toEqual([])
})

for (const connection of [
  { saveData: true, effectiveType: '4g' },
  { saveData: false, effectiveType: '2g' },
]) {
  test(`nothing is fetched ahead on a connection that says ${connection.saveData ? 'save data' : '2g'}`, async ({
    page,
  }) => {
    await page.addInitScript(
      (value) => Object.defineProperty(navigator, 'connection', { value, configurable: true }),
      connection,
    )
    const requests = watchRequests(page)
    await page.goto('/find-a-dentist?zip=90210&radius=25')
    await waitForHydration(page)
    await officeLink(page).hover()
    await page.waitForTimeout(1000)
    expect(requests.filter((path) => officeData(path) || officeChunk(path))).toEqual([])
  })
}
