/**
 * Lighthouse (mobile, devtools throttling: the page really is slowed, not simulated) on the
 * routes a visitor meets first, each the median of three runs, in Debian's Chromium.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'

export interface LighthouseFigures {
  route: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

/** A signed-in member's cookies (for /dashboard): sign in through the API as the browser does. */
export async function memberCookies(base: string, account: { email: string; password: string }): Promise<string> {
  const first = await fetch(`${base}/api/auth`)
  const csrf = /csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'csrf-token': csrf, cookie: `csrf=${csrf}` },
    body: JSON.stringify(account),
  })
  if (!login.ok) throw new Error(`Signing in for Lighthouse failed: ${login.status}`)
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
  return `csrf=${csrf}; ${session}`
}

/**
 * Each run in a Chromium of its own (a fresh profile): in one profile, the second run of a signed-in
 * page with all four categories was redirected to the sign-in page (the browser's own cookies
 * replaced the session sent as a header; the session itself was still valid), so the figures were
 * the sign-in page's. A run that does not end on the page asked for stops the bench.
 */
export async function lighthouseRuns(
  base: string,
  routes: { path: string; cookie?: string }[],
  runs = 3,
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = []
  for (const route of routes) {
    const each: LighthouseFigures[] = []
    for (let run = 0; run < runs; run += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
      })
      try {
        const result = await lighthouse(`${base}${route.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          throttlingMethod: 'devtools',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(route.cookie ? { extraHeaders: { Cookie: route.cookie } } : {}),
        })
        if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`)
        const { categories, audits, finalDisplayedUrl } = result.lhr
        if (new URL(finalDisplayedUrl).pathname !== new URL(route.path, base).pathname)
          throw new Error(`Lighthouse measured ${finalDisplayedUrl}, not ${route.path}`)
        const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
        each.push({
          route: route.path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        })
      } finally {
        chrome.kill()
      }
    }
    figures.push({
      route: route.path,
      performance: median(each.map((run) => run.performance)),
      accessibility: median(each.map((run) => run.accessibility)),
      bestPractices: median(each.map((run) => run.bestPractices)),
      seo: median(each.map((run) => run.seo)),
      lcpMs: median(each.map((run) => run.lcpMs)),
      tbtMs: median(each.map((run) => run.tbtMs)),
      cls: median(each.map((run) => run.cls)),
    })
  }
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(await lighthouseRuns(process.argv[2] ?? 'http://localhost:3000', [{ path: process.argv[3] ?? '/' }], 1))
