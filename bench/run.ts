/**
 * Benchmarks, each against a baseline measured in the same run (`npm run bench`; needs a
 * build: `npm run build`). Prints a Markdown report and writes it to bench/results.md.
 *
 * 1. Validation: parsing the content payload with zod and with ajv, against JSON.parse.
 * 2. Rendering: the engine's full server render of a request, against the same blocks
 *    rendered with renderToString alone.
 * 3. Server: requests per second and latency of a rendered page, against the server's
 *    cheapest endpoint (/builds/latest.json), and the server's memory after the load.
 * 4. Bundle: the browser's JavaScript, against React DOM's own production client.
 * 5. Typing in the playground, against a field that does not re-render.
 * 6. Initial JavaScript per route (bench/initial-js.ts), against a bare React + router app built
 *    in the same run.
 * 7. Content parsing against payload size (1×, 10×, 100× the menu items): linear.
 * 8. Provider search over 10,000 generated offices (bench/search.ts), against a scan.
 * 9. Server memory (RSS) after a first start, a restart, 60 s of load and grievance uploads (bench/server-memory.ts).
 * 10. Lighthouse, mobile, devtools throttling, median of 3 (bench/lighthouse.ts), beside the bare app.
 * 11. Renewals: 1,000 and 10,000 memberships due on one day renewed by the jobs on the embedded
 *     database, the 1,000 the baseline (bench/renewals.ts), with the worker's peak RSS.
 * 12. Member services' search over 100,000 generated members, each form with its index against
 *     the same search before the indexes exist (bench/member-search.ts).
 *
 * `--check` (npm run bench:check) then compares the figures with the budgets (bench/budgets.ts)
 * and exits 1 when one is missed. Figures also go to bench/results.json.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, platform, release, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { chromium, type Page } from 'playwright'
import { Bench } from 'tinybench'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { createServer as createViteServer } from 'vite'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { generateJsonSchemas } from '#schemas/json-schema.ts'
import { tenants } from '#site-config/tenants.ts'
import { readTenantContent } from '#server/features/content/content-files.ts'
import { totpCode } from '#server/platform/auth/totp.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import type * as RenderCasesModule from './render-cases.tsx'
import autocannon from 'autocannon'
import { freePort, startBuiltServer, waitFor } from './built-server.ts'
import { initialJs, LOAD_SECTION, splitHistory, withHistory } from './initial-js.ts'
import { providerSearch } from './search.ts'
import { lighthouseRuns, median, memberCookies, serveBaselineApp, type LighthouseFigures } from './lighthouse.ts'
import { serverMemory } from './server-memory.ts'
import { renewals, renewalsSection } from './renewals.ts'
import { memberSearch, memberSearchSection } from './member-search.ts'
import { checkBudgets, type Figures } from './budgets.ts'
import { CLIENT_MANIFESTS } from '#server/build-files.ts'
import { contentSanitizer, withNonce } from '#engine/server'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { newNonce } from '#server/platform/http/http-security.ts'
import { procMib } from './proc-status.ts'

type RenderCases = typeof RenderCasesModule

// Measure the production builds of React and the router (they read NODE_ENV when first imported).
process.env.NODE_ENV = 'production'

const lines: string[] = []
const figures: Partial<Figures> = {}
const out = (line = '') => {
  lines.push(line)
  console.log(line)
}
const fmt = (value: number, digits = 1) => value.toFixed(digits)

const defaultTenant = tenants.tenants.find((tenant) => tenant.groupKey === tenants.defaultTenant)!
const contentText = JSON.stringify(readTenantContent('site-config/tenants', defaultTenant.groupKey))
const rawContent: unknown = JSON.parse(contentText)
const config: PublicConfig = {
  companyName: defaultTenant.companyName,
  publicUrl: defaultTenant.publicUrl,
  siteSlug: defaultTenant.groupKey,
  idleAuthMilliseconds: 1,
  idleSessionMilliseconds: 2,
  enableRecaptcha: false,
  buildId: 'bench',
  paymentFields: { port: 3001 },
}

async function table(bench: Bench, baseline: string): Promise<Map<string, number>> {
  await bench.run()
  const ratios = new Map<string, number>()
  const base = bench.tasks.find((task) => task.name === baseline)?.result
  const baseMean = base && 'latency' in base ? base.latency.mean : NaN
  out('| case | mean (µs) | p99 (µs) | ops/s | × baseline |')
  out('|---|---:|---:|---:|---:|')
  for (const task of bench.tasks) {
    const result = task.result
    if (!('latency' in result)) continue
    out(
      `| ${task.name} | ${fmt(result.latency.mean * 1000)} | ${fmt(result.latency.p99 * 1000)} | ${fmt(result.throughput.mean, 0)} | ${fmt(result.latency.mean / baseMean, 2)} |`,
    )
    ratios.set(task.name, result.latency.mean / baseMean)
  }
  out()
  return ratios
}

async function validation() {
  out('## 1. Validating and sanitising the content payload')
  out(
    `Payload: the default tenant's content.json (${contentText.length} bytes). The content service sanitises every HTML field of a version once, when it is saved or first read (then it is cached), never per request.`,
  )
  out()
  const validate = new Ajv2020({ strict: false }).compile(generateJsonSchemas()['cms-content.schema.json']!)
  const sanitize = contentSanitizer(site, registry)
  const bench = new Bench({ time: 500 })
  bench
    .add('baseline: JSON.parse', () => JSON.parse(contentText))
    .add('zod: JSON.parse + migrate + parseCmsContent', () => parseCmsContent(JSON.parse(contentText)))
    .add('ajv: JSON.parse + validate (generated schema)', () => validate(JSON.parse(contentText)))
    .add('JSON.parse + sanitise every HTML field the schema marks (DOMPurify on jsdom)', async () =>
      sanitize(JSON.parse(contentText) as Record<string, unknown>),
    )
  await table(bench, 'baseline: JSON.parse')
}

/** The content with its menus (header menu, login dropdown, footer links) repeated `times` times. */
function withMenus(times: number): string {
  const content = structuredClone(rawContent) as {
    header: { variables: Record<string, unknown> }
    footer: { variables: Record<string, unknown> }
  }
  const repeat = (list: unknown): unknown =>
    Array.isArray(list) ? Array.from({ length: times }, (): unknown[] => list).flat() : list
  for (const key of ['header_menu', 'header_menu_login_dropdown'])
    content.header.variables[key] = repeat(content.header.variables[key])
  content.footer.variables.footer_nav = repeat(content.footer.variables.footer_nav)
  return JSON.stringify(content)
}

async function parseScaling() {
  out('## 7. Content parsing against payload size')
  const sizes = [1, 10, 100] as const
  const texts = sizes.map((times) => withMenus(times))
  const bench = new Bench({ time: 500 })
  sizes.forEach((times, index) =>
    bench.add(`${times}× the menu items (${texts[index]!.length} bytes)`, () =>
      parseCmsContent(JSON.parse(texts[index]!)),
    ),
  )
  await bench.run()
  const means = bench.tasks.map((task) => ('latency' in task.result ? task.result.latency.mean : NaN))
  out("JSON.parse + migrate + parseCmsContent (zod) of the default tenant's content with its menus repeated.")
  out()
  out('| payload | mean (µs) | µs per added menu copy |')
  out('|---|---:|---:|')
  sizes.forEach((times, index) => {
    const added = index === 0 ? '' : fmt(((means[index]! - means[0]!) / (times - 1)) * 1000, 2)
    out(`| ${bench.tasks[index]!.name} | ${fmt(means[index]! * 1000)} | ${added} |`)
  })
  // Linear: each added copy costs the same at 100× as at 10×.
  figures.cmsParseGrowth = (means[2]! - means[0]!) / 99 / ((means[1]! - means[0]!) / 9)
  out()
  out(`Cost of an added copy at 100× over at 10×: ${fmt(figures.cmsParseGrowth, 2)} (1.00 is linear).`)
  out()
}

async function search() {
  out('## 8. Provider search')
  const result = await providerSearch()
  figures.providerSearchP95Ms = result.indexed.p95
  out(
    `${result.searches} searches within 25 miles of random points, over ${result.offices.toLocaleString('en')} generated offices with two dentists each, embedded PGlite (${fmt(result.meanMatches)} offices found on average).`,
  )
  out()
  out('| search | p50 (ms) | p95 (ms) |')
  out('|---|---:|---:|')
  out(
    `| baseline: every office read, distance computed (a scan) | ${fmt(result.scan.p50, 2)} | ${fmt(result.scan.p95, 2)} |`,
  )
  out(
    `| the site's search (bounding box on the coordinates index, then exact distance) | ${fmt(result.indexed.p50, 2)} | ${fmt(result.indexed.p95, 2)} |`,
  )
  out()
}

async function memory() {
  out('## 9. Server memory')
  const result = await serverMemory()
  figures.memory = {
    firstStart: result.firstStart,
    restart: result.restart,
    afterLoad: result.afterLoad,
    afterUploads: result.afterUploads,
  }
  out(
    `The built server (\`node dist/server/main.js\`) on a fresh embedded database, as \`npm start\` runs it (scrypt at 2^17); RSS in MiB.`,
  )
  out()
  out('| stage | RSS (MiB) |')
  out('|---|---:|')
  out(`| after a first start (creates and seeds the database) | ${fmt(result.firstStart, 0)} |`)
  out(`| after a restart on the same folder | ${fmt(result.restart, 0)} |`)
  out(`| after ${result.loadSeconds} s of load (pages, API, sign-ins) | ${fmt(result.afterLoad, 0)} |`)
  out(
    `| after ${result.uploads} grievances filed by a member, each with three 2 MB files (${fmt(result.uploadMb, 1)} MB requests) | ${fmt(result.afterUploads, 0)} |`,
  )
  out()
  out(
    `Peak during the first start: ${fmt(result.firstStartPeak, 0)} MiB (VmHWM); over the load and the uploads: ${fmt(result.afterUploadsPeak, 0)} MiB. The load: ${result.requests} GETs of /, /faq, /api/cms and a provider search on 8 connections, and ${result.signIns} sign-ins on 2 more (each one scrypt hash), ${result.errors} errors. The uploads come after it, one after another, each with the page's csrf token as a browser sends it.`,
  )
  out()
}

async function renewalsBench() {
  const result = await renewals([1000, 10_000])
  figures.renewals = result.runs.map((run) => ({
    members: run.members,
    seconds: run.ms / 1000,
    cpuSeconds: run.cpuMs / 1000,
    peakRssMib: Math.max(run.peakRssMib, run.sampledPeakMib),
  }))
  if (result.server) figures.serverRenewalsPeakMib = result.server.peakRssMib
  for (const line of renewalsSection(result)) out(line)
}

async function memberSearchBench() {
  const result = await memberSearch()
  figures.memberSearch = {
    members: result.members,
    forms: result.forms.map((form) => ({ form: form.form, p95Ms: form.indexed.p95, baselineP95Ms: form.baseline.p95 })),
  }
  for (const line of memberSearchSection(result)) out(line)
}

async function lighthouseSection() {
  out('## 10. Lighthouse')
  const server = await startBuiltServer()
  const bare = await serveBaselineApp()
  try {
    const base = server.base
    const member = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'member')!
    const cookie = await memberCookies(base, member)
    // The bare app before and after the site's pages: the machine's speed over the run, not a moment of it.
    const bareBefore = await lighthouseRuns(bare.base, [{ path: '/' }], 3, { keepRuns: true })
    const results = await lighthouseRuns(base, [
      { path: '/' },
      { path: '/faq' },
      { path: '/es/faq' },
      { path: '/find-a-dentist' },
      { path: '/join-now' },
      { path: '/office/1001' },
      { path: '/dashboard', cookie },
    ])
    const bareAfter = await lighthouseRuns(bare.base, [{ path: '/' }], 3, { keepRuns: true })
    const bareRuns = [...bareBefore, ...bareAfter]
    const bareMedian = (pick: (run: LighthouseFigures) => number) => median(bareRuns.map(pick))
    figures.lighthouseBare = {
      tbtMs: bareMedian((run) => run.tbtMs),
      lcpMs: bareMedian((run) => run.lcpMs),
      performance: bareMedian((run) => run.performance),
      runs: bareRuns.length,
    }
    figures.lighthouse = results
    out(
      "Lighthouse 12, mobile form factor, devtools throttling (the page is really slowed: 4× CPU, slow 4G), Debian's Chromium; the median of 3 runs per page. The baseline is the bare React + router app (`bench/baseline-app/`, served gzipped from memory), 3 runs before the site's pages and 3 after, their median: a page's total blocking time is budgeted over it (`tbtAllowanceMs` in bench/budgets.ts).",
    )
    out()
    out(
      '| page | performance | LCP (s) | TBT (ms) | TBT over the baseline (ms) | CLS | accessibility | best practices | SEO |',
    )
    out('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    out(
      `| baseline: the bare app (TBT of its 6 runs: ${bareRuns.map((run) => fmt(run.tbtMs, 0)).join(', ')}) | ${figures.lighthouseBare.performance} | ${fmt(figures.lighthouseBare.lcpMs / 1000, 2)} | ${fmt(figures.lighthouseBare.tbtMs, 0)} | | | | | |`,
    )
    for (const page of results)
      out(
        `| \`${page.route}\` | ${page.performance} | ${fmt(page.lcpMs / 1000, 2)} | ${fmt(page.tbtMs, 0)} | ${fmt(page.tbtMs - figures.lighthouseBare.tbtMs, 0)} | ${fmt(page.cls, 3)} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} |`,
      )
    out()
  } finally {
    await bare.stop()
    await server.stop()
  }
}

async function rendering() {
  out('## 2. Server rendering')
  out(
    "The engine answers each request with its pages' API answers recorded from the built server (so the render is measured, not the database). The baseline is the home page written by hand (`bench/render-cases.tsx`): the same block components with the same props and data, composed in JSX and rendered with `renderToString` (no loaders, routing, props validation or dehydration); the bench checks its markup is the engine's.",
  )
  out()
  const server = await startBuiltServer()
  const vite = await createViteServer({
    mode: 'production',
    server: { middlewareMode: true },
    appType: 'custom',
    logLevel: 'silent',
  })
  try {
    const cases = (await vite.ssrLoadModule('/bench/render-cases.tsx')) as RenderCases
    const { engineRender, engineRenderEachTime, homeByHand } = cases.createCases(rawContent, config, server.base)
    const byHand = await homeByHand()
    const baseline = 'baseline: the home page by hand, renderToString'
    const engineHome =
      'engine: GET / as the server answers it (loaders, routing, validation, dehydrate; the render remembered)'
    const engineHomeRendered = 'engine: GET /, rendered each time (the render memo off)'
    const bench = new Bench({ time: 1000 })
    bench
      .add(baseline, () => byHand())
      .add(engineHome, () => engineRender('/'))
      .add(engineHomeRendered, () => engineRenderEachTime('/'))
      .add('engine: GET /, remembered, with a new CSP nonce put in (what the CSP adds to each answer)', async () =>
        withNonce(await engineRender('/'), newNonce()),
      )
      .add('engine: GET /office/12 (parameter check)', () => engineRender('/office/12'))
      .add('engine: GET /zz/yy (404 page)', () => engineRender('/zz/yy'))
    const ratios = await table(bench, baseline)
    figures.ssrHomeRatio = ratios.get(engineHome) ?? NaN
    figures.ssrHomeRenderedRatio = ratios.get(engineHomeRendered) ?? NaN
    out(
      `The server answers a page a signed-out visitor asks for again with the same content, data, address and tenant without rendering it again (\`engine/server/render-memo.ts\`): every request still runs its loaders, reads its data and dehydrates it. The budget is checked on the server as it runs; the render of every request is ${fmt(figures.ssrHomeRenderedRatio, 2)}× the baseline.`,
    )
    out()
  } finally {
    await vite.close()
    await server.stop()
  }
}

/** autocannon on loopback: requests per second and latency percentiles. */
async function load(url: string, seconds: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'user-agent': 'Mozilla/5.0 bench' },
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors under load`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

async function serverLoad() {
  out('## 3. Server under load')
  const server = await startBuiltServer()
  const { base, child } = server
  const work = mkdtempSync(path.join(tmpdir(), 'bench-load-'))
  let bare: ReturnType<typeof spawn> | undefined
  try {
    // The API's baseline: a bare handler answering the same JSON bytes, in a process of its own.
    const cmsFile = path.join(work, 'cms.json')
    writeFileSync(cmsFile, Buffer.from(await (await fetch(`${base}/api/cms`)).arrayBuffer()))
    const barePort = await freePort()
    bare = spawn(process.execPath, ['bench/bare-server.mjs', cmsFile, String(barePort)], { stdio: 'ignore' })
    await waitFor(`http://127.0.0.1:${barePort}/`)
    const rss = () => procMib(child.pid!, 'VmRSS')
    const idle = rss()
    const connections = 8
    const seconds = 4
    out(
      `autocannon, ${connections} connections for ${seconds} s each, on loopback on the same 2-core machine; embedded PGlite database.`,
    )
    out()
    out('| endpoint | requests/s | p50 (ms) | p99 (ms) |')
    out('|---|---:|---:|---:|')
    // `/api/cms` against its baseline in three alternating pairs, the ratio their median: on this
    // shared 2-core machine one 4 s window of either varies by 10 to 25 % (0.75× to 1.07× in
    // single windows of the same build), and alternating cancels what drifts between windows.
    const pairs: { bare: Awaited<ReturnType<typeof load>>; cms: Awaited<ReturnType<typeof load>> }[] = []
    await load(`http://127.0.0.1:${barePort}/`, 1, connections)
    await load(`${base}/api/cms`, 1, connections)
    for (let round = 0; round < 3; round += 1) {
      const bare = await load(`http://127.0.0.1:${barePort}/`, seconds, connections)
      const cms = await load(`${base}/api/cms`, seconds, connections)
      pairs.push({ bare, cms })
    }
    const medianBy = <T>(values: T[], by: (value: T) => number) =>
      [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!
    const pair = medianBy(pairs, (one) => one.cms.rps / one.bare.rps)
    figures.cms = { ratio: pair.cms.rps / pair.bare.rps, p99Ms: Math.max(...pairs.map((one) => one.cms.p99)) }
    out(
      `| baseline: a bare Node handler answering the same JSON as /api/cms | ${fmt(pair.bare.rps, 0)} | ${fmt(pair.bare.p50, 2)} | ${fmt(pair.bare.p99, 2)} |`,
    )
    out(
      `| GET /api/cms (published content, answered before the app: server/listener.ts); the median of 3 pairs with the baseline, ratios ${pairs.map((one) => fmt(one.cms.rps / one.bare.rps, 2)).join(', ')} | ${fmt(pair.cms.rps, 0)} | ${fmt(pair.cms.p50, 2)} | ${fmt(figures.cms.p99Ms, 2)} |`,
    )
    for (const [name, url] of [
      ["GET /builds/latest.json (the server's cheapest answer)", '/builds/latest.json'],
      ['GET /api/v4/plans/102 (one query)', '/api/v4/plans/102'],
      ['GET / (rendered page)', '/'],
      ['GET /faq (rendered page)', '/faq'],
      ['GET /api/v4/providers?zip=90024&radius=500 (search, distance sort)', '/api/v4/providers?zip=90024&radius=500'],
    ] as const) {
      await load(base + url, 1, connections)
      const result = await load(base + url, seconds, connections)
      out(`| ${name} | ${fmt(result.rps, 0)} | ${fmt(result.p50, 2)} | ${fmt(result.p99, 2)} |`)
    }
    out()
    out(`Server memory (RSS): ${fmt(idle)} MiB idle after start, ${fmt(rss())} MiB after the load.`)
    out()
  } finally {
    bare?.kill()
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

function bundle() {
  out('## 4. Browser JavaScript')
  const manifest = JSON.parse(readFileSync(path.join('dist/client', CLIENT_MANIFESTS.site), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >
  const gz = (file: string) => gzipSync(readFileSync(file)).length / 1024
  const size = (file: string) => readFileSync(file).length / 1024
  out('| file | raw (KiB) | gzip (KiB) |')
  out('|---|---:|---:|')
  const reactDom = 'node_modules/react-dom/cjs/react-dom-client.production.js'
  out(`| baseline: react-dom client (production) | ${fmt(size(reactDom))} | ${fmt(gz(reactDom))} |`)
  for (const [source, chunk] of Object.entries(manifest)) {
    const file = path.join('dist/client', chunk.file)
    if (!file.endsWith('.js')) continue
    out(
      `| ${chunk.isEntry ? 'entry (engine, router, query, zod, react)' : source} | ${fmt(size(file))} | ${fmt(gz(file))} |`,
    )
  }
  const css = readdirSync('dist/client/assets').filter((file) => file.endsWith('.css'))
  for (const file of css)
    out(
      `| ${file.replace(/-[^.]+\.css$/, '.css')} | ${fmt(size(`dist/client/assets/${file}`))} | ${fmt(gz(`dist/client/assets/${file}`))} |`,
    )
  out()
}

/** Milliseconds the page spends handling each keystroke typed into a field (event to rendered DOM). */
async function keystrokes(page: Page, selector: string, text: string): Promise<number[]> {
  return page.evaluate(
    async ({ selector, text }) => {
      const input = document.querySelector<HTMLInputElement>(selector)
      if (!input) throw new Error(`No field ${selector}`)
      // The native setter, so React sees the value change as it does when a person types.
      const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!
      const times: number[] = []
      input.focus()
      for (const char of text) {
        const started = performance.now()
        // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the input it belongs to
        Reflect.apply(descriptor.set!, input, [input.value + char])
        // React handles input as a discrete event: the whole update happens inside this dispatch.
        input.dispatchEvent(new Event('input', { bubbles: true }))
        times.push(performance.now() - started)
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      }
      return times
    },
    { selector, text },
  )
}

async function typing() {
  out('## 5. Typing in the playground')
  const server = await startBuiltServer()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const base = server.base
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
    await page.goto(`${base}/playground`)
    await page.waitForSelector('input[name="email"]')
    const text = 'typing into the form, one key at a time'
    const baseline = await keystrokes(page, 'input[name="email"]', text)
    const editor = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'editor')!
    await page.fill('input[name="email"]', editor.email)
    await page.fill('input[name="password"]', editor.password)
    await page.click('button[type="submit"]')
    // A content manager signs in with the code of their authenticator app too; then the playground opens.
    await page.getByLabel('Code').fill(totpCode(editor.totpSecret!, new Date()))
    await page.getByLabel('Code').press('Enter')
    await page.waitForSelector('#tab-header')
    await page.click('#tab-header')
    const header = await keystrokes(page, '#root_header_variables_header_timing', ` ${text}`)
    await page.click('#tab-landing_pages')
    const landing = await keystrokes(page, '#root_landing_pages_0_headline', ` ${text}`)
    const stats = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b)
      const mean = times.reduce((sum, time) => sum + time, 0) / times.length
      return `${fmt(mean, 2)} | ${fmt(sorted[Math.floor(sorted.length * 0.95)] ?? NaN, 2)} | ${fmt(sorted.at(-1) ?? NaN, 2)}`
    }
    out(
      `${text.length} keystrokes per field, in Chromium; the time from the input event to the updated form (React renders input synchronously).`,
    )
    out()
    out('| field | mean (ms) | p95 (ms) | max (ms) |')
    out('|---|---:|---:|---:|')
    out(`| baseline: sign-in email (no re-render) | ${stats(baseline)} |`)
    out(`| header: opening hours (the largest part: ~40 fields and three lists) | ${stats(header)} |`)
    out(`| landing pages: a headline (lists of pages and their sections) | ${stats(landing)} |`)
    out()
  } finally {
    await browser.close()
    await server.stop()
  }
}

const check = process.argv.includes('--check')
out(`# Benchmarks (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.arch})`)
out()
out(
  `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${fmt(totalmem() / 2 ** 30, 0)} GiB, ${platform()} ${release()}.`,
)
out()
await validation()
await rendering()
await serverLoad()
bundle()
await typing()
const js = await initialJs(out)
figures.initialJs = js.routes.map((route) => ({
  path: route.path,
  ratio: route.gzip / js.baseline.gzip,
  gzipKb: route.gzip / 1000,
}))
await parseScaling()
await search()
await memory()
await lighthouseSection()
await renewalsBench()
await memberSearchBench()

const budgets = checkBudgets(figures as Figures)
out('## Budgets')
out('| what | budget | measured | met |')
out('|---|---|---|---|')
for (const row of budgets) out(`| ${row.what} | ${row.budget} | ${row.measured} | ${row.met ? 'yes' : '**no**'} |`)
out()
// The file is written anew, but for what other commands wrote: the load section (npm run
// bench:load) and the history (from `## History` to the end), kept after the new tables.
const previous = splitHistory(existsSync('bench/results.md') ? readFileSync('bench/results.md', 'utf8') : '')
const sections = [lines.join('\n').trimEnd(), LOAD_SECTION.exec(previous.current)?.[0]].filter(
  (part) => part !== undefined,
)
writeFileSync('bench/results.md', withHistory(`${sections.join('\n\n')}\n`, previous.history))
writeFileSync('bench/results.json', `${JSON.stringify(figures, null, 2)}\n`)
const missed = budgets.filter((row) => !row.met)
if (check && missed.length > 0) {
  console.error(
    `\n${missed.length} of ${budgets.length} budgets missed:\n${missed.map((row) => `- ${row.what}: ${row.measured} (budget ${row.budget})`).join('\n')}`,
  )
  process.exit(1)
}
