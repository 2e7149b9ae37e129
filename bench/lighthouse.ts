/**
 * Lighthouse (mobile, devtools throttling: the page really is slowed, not simulated) on the
 * routes a visitor meets first, each the median of three runs, in Debian's Chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { buildBaselineApp } from './initial-js.ts'

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

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

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

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * The bare React + router app (bench/baseline-app/, built now) on a loopback port, each file gzipped
 * once and sent with long caching as the site's assets are: what Lighthouse measures beside the
 * site's pages, in the same run, so a page's TBT is read against what React itself costs here.
 */
export async function serveBaselineApp(): Promise<{ base: string; stop: () => Promise<void> }> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-bare-app-'))
  const outDir = await buildBaselineApp(work)
  const files = new Map<string, Buffer>()
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name)
      files.set(`/${path.relative(outDir, full)}`, gzipSync(readFileSync(full), { level: 9 }))
    }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare')
    const name = files.has(url.pathname) ? url.pathname : '/index.html'
    response.writeHead(200, {
      'content-type': `${TYPES[path.extname(name)] ?? 'application/octet-stream'}; charset=utf-8`,
      'content-encoding': 'gzip',
      'cache-control': name === '/index.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
    })
    response.end(files.get(name))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve))
      rmSync(work, { recursive: true, force: true })
    },
  }
}

/**
 * Each route's median of its runs, or with `keepRuns` every run. Each run in a Chromium of its own (a fresh profile): in one profile, the second run of a signed-in
 * page with all four categories was redirected to the sign-in page (the browser's own cookies
 * replaced the session sent as a header; the session itself was still valid), so the figures were
 * the sign-in page's. A run that does not end on the page asked for stops the bench.
 */
export async function lighthouseRuns(
  base: string,
  routes: { path: string; cookie?: string }[],
  runs = 3,
  { keepRuns = false }: { keepRuns?: boolean } = {},
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
    if (keepRuns) {
      figures.push(...each)
      continue
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
