import type { Page } from '@playwright/test'
import { expect, test, waitForHydration, watchConsole } from './fixtures.ts'

/** What the page showed at one moment, recorded inside the page. */
interface Frame {
  /** performance.now() of the page. */
  at: number
  event: 'click' | 'frame' | 'mutation'
  search: string
  /** The progress bar is in the page and takes room. */
  bar: boolean
  busy: boolean
  /** The results' summary ("12 offices within 25 miles of 90210 …"), when the results are shown. */
  summary: string | null
}

/**
 * Records, inside the page, every frame it paints and every change of its document: the address,
 * the progress bar, whether the page is marked busy, and the results' summary. Times are the
 * page's performance.now(), so a delay is measured where it happens, not around the test.
 */
async function recordFrames(page: Page): Promise<() => Promise<Frame[]>> {
  await page.evaluate(() => {
    const frames: Frame[] = []
    const record = (event: Frame['event']) => {
      const bar = document.querySelector('[role="progressbar"]')
      frames.push({
        at: performance.now(),
        event,
        search: window.location.search,
        bar: bar !== null && bar.getBoundingClientRect().height > 0,
        busy: document.querySelector('main')?.getAttribute('aria-busy') === 'true',
        summary: document.querySelector('#results-heading ~ [role="status"]')?.textContent ?? null,
      })
    }
    document.addEventListener('click', () => record('click'), true)
    new MutationObserver(() => record('mutation')).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    const paint = () => {
      record('frame')
      requestAnimationFrame(paint)
    }
    requestAnimationFrame(paint)
    Object.assign(window, { frames })
  })
  return () => page.evaluate(() => (window as unknown as { frames: Frame[] }).frames.splice(0))
}

/** Every answer of the API is late by this long (the address change of a page waits for its data). */
const DELAY_MS = 1500
const slowApi = (page: Page) =>
  page.route('**/api/**', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
    await route.fallback()
  })

/**
 * The milliseconds from the click to the change of the document that shows the progress bar (it is
 * painted with the next frame; on this shared machine a frame may come late for reasons of its own).
 */
function progressDelay(frames: Frame[]): number {
  const click = frames.find((frame) => frame.event === 'click')
  const shown = frames.find(
    (frame) => frame.event === 'mutation' && frame.bar && click !== undefined && frame.at >= click.at,
  )
  expect(click, 'the click was recorded').toBeDefined()
  expect(shown, 'the progress bar was shown').toBeDefined()
  return shown!.at - click!.at
}

/** Results shown under an address whose search is another, while the page did not say it is loading. */
function mismatches(frames: Frame[]): Frame[] {
  return frames.filter((frame) => {
    if (frame.busy || frame.summary === null) return false
    const zip = new URLSearchParams(frame.search).get('zip')
    return zip !== null && !frame.summary.includes(`of ${zip} (`)
  })
}

test('a search on a slow network shows progress within 100 ms, and the results always match the address', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await page.goto('/find-a-dentist?zip=90210&radius=25')
  await waitForHydration(page)
  const summary = page.locator('#results-heading ~ [role="status"]')
  await expect(summary).toContainText('of 90210 (')
  await slowApi(page)
  const frames = await recordFrames(page)

  const search = page.getByRole('search', { name: 'Dentist search' })
  await search.getByLabel('ZIP code').fill('94110')
  await search.getByRole('button', { name: 'Search' }).click()
  const progress = page.getByRole('progressbar', { name: 'Loading the page' })
  await expect(progress).toBeVisible()
  // While the new results load, the address is still the old search, and the old results are marked busy.
  await expect(page).toHaveURL(/zip=90210/)
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true')
  await expect(page).toHaveURL(/zip=94110/, { timeout: DELAY_MS * 4 })
  await expect(summary).toContainText('of 94110 (')
  await expect(progress).toBeHidden()
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy')

  const searched = await frames()
  expect(progressDelay(searched)).toBeLessThan(100)
  expect(searched.filter((frame) => frame.busy).length, 'the page was marked busy while it loaded').toBeGreaterThan(5)
  expect(mismatches(searched)).toEqual([])

  // Back: the browser changes the address first; the page says it is loading until it matches.
  await page.goBack()
  await expect(page).toHaveURL(/zip=90210/)
  await expect(summary).toContainText('of 90210 (')
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy')
  expect(mismatches(await frames())).toEqual([])
  expect(problems).toEqual([])
})

test('a link on a slow network shows progress within 100 ms, and the page changes with its address', async ({
  page,
}) => {
  await page.goto('/find-a-dentist?zip=90210&radius=25')
  await waitForHydration(page)
  await slowApi(page)
  const frames = await recordFrames(page)
  const office = page.getByRole('article', { name: 'Beverly Hills Family Dentistry' })
  await office.getByRole('link', { name: 'Beverly Hills Family Dentistry', exact: true }).click()
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible()
  await expect(page).toHaveURL(/\/find-a-dentist\?/)
  await expect(page).toHaveURL(/\/office\/1001$/, { timeout: DELAY_MS * 4 })
  await expect(page.getByRole('heading', { level: 1, name: 'Beverly Hills Family Dentistry' })).toBeVisible()
  await expect(page.getByRole('progressbar')).toBeHidden()
  expect(progressDelay(await frames())).toBeLessThan(100)
})
