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
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer as createNetServer } from 'node:net'
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
import { readTenantContent } from '#server/content/content-files.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import type * as RenderCasesModule from './render-cases.tsx'
import { initialJs } from './initial-js.ts'

type RenderCases = typeof RenderCasesModule

// Measure the production builds of React and the router (they read NODE_ENV when first imported).
process.env.NODE_ENV = 'production'

const lines: string[] = []
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

async function table(bench: Bench, baseline: string) {
  await bench.run()
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
  }
  out()
}

async function validation() {
  out('## 1. Validating the content payload')
  out(`Payload: the default tenant's content.json (${contentText.length} bytes).`)
  out()
  const validate = new Ajv2020({ strict: false }).compile(generateJsonSchemas()['cms-content.schema.json']!)
  const bench = new Bench({ time: 500 })
  bench
    .add('baseline: JSON.parse', () => JSON.parse(contentText))
    .add('zod: JSON.parse + migrate + parseCmsContent', () => parseCmsContent(JSON.parse(contentText)))
    .add('ajv: JSON.parse + validate (generated schema)', () => validate(JSON.parse(contentText)))
  await table(bench, 'baseline: JSON.parse')
}

async function rendering() {
  out('## 2. Server rendering')
  const vite = await createViteServer({ mode: 'production', server: { middlewareMode: true }, appType: 'custom', logLevel: 'silent' })
  try {
    const cases = (await vite.ssrLoadModule('/bench/render-cases.tsx')) as RenderCases
    const { blocksOnly, engineRender } = cases.createCases(rawContent, config)
    await engineRender('/')
    const bench = new Bench({ time: 1000 })
    bench
      .add('baseline: header + footer blocks, renderToString', () => blocksOnly())
      .add('engine: GET / (loaders, routing, validation, stream, dehydrate)', () => engineRender('/'))
      .add('engine: GET /office/12 (parameter check)', () => engineRender('/office/12'))
      .add('engine: GET /zz/yy (404 page)', () => engineRender('/zz/yy'))
    await table(bench, 'baseline: header + footer blocks, renderToString')
  } finally {
    await vite.close()
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

async function load(url: string, seconds: number, connections: number) {
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        const response = await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 bench' } })
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) }
}

async function serverLoad() {
  out('## 3. Server under load')
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'))
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', DATA_DIR: dataDir, PASSWORD_HASH_COST: '12' },
    stdio: 'ignore',
  })
  const base = `http://localhost:${port}`
  try {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const ready = await fetch(`${base}/builds/latest.json`).then((r) => r.ok, () => false)
      if (ready) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
    const idle = rss()
    const connections = 8
    const seconds = 4
    out(`${connections} concurrent connections for ${seconds} s each, load generator on the same 2-core machine; embedded PGlite database.`)
    out()
    out('| endpoint | requests/s | p50 (ms) | p99 (ms) |')
    out('|---|---:|---:|---:|')
    for (const [name, url] of [
      ['baseline: GET /builds/latest.json', '/builds/latest.json'],
      ['GET / (rendered page)', '/'],
      ['GET /faq (rendered page)', '/faq'],
      ['GET /api/cms (content JSON, cached)', '/api/cms'],
      ['GET /api/v4/plans/102 (one query)', '/api/v4/plans/102'],
      ['GET /api/v4/providers?zip=90024&radius=500 (search, distance sort)', '/api/v4/providers?zip=90024&radius=500'],
    ] as const) {
      await load(base + url, 0.5, connections)
      const result = await load(base + url, seconds, connections)
      out(`| ${name} | ${fmt(result.rps, 0)} | ${fmt(result.p50, 2)} | ${fmt(result.p99, 2)} |`)
    }
    out()
    out(`Server memory (RSS): ${fmt(idle)} MiB idle after start, ${fmt(rss())} MiB after the load.`)
    out()
  } finally {
    child.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function bundle() {
  out('## 4. Browser JavaScript')
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; isEntry?: boolean }>
  const gz = (file: string) => gzipSync(readFileSync(file)).length / 1024
  const size = (file: string) => readFileSync(file).length / 1024
  out('| file | raw (KiB) | gzip (KiB) |')
  out('|---|---:|---:|')
  const reactDom = 'node_modules/react-dom/cjs/react-dom-client.production.js'
  out(`| baseline: react-dom client (production) | ${fmt(size(reactDom))} | ${fmt(gz(reactDom))} |`)
  for (const [source, chunk] of Object.entries(manifest)) {
    const file = path.join('dist/client', chunk.file)
    if (!file.endsWith('.js')) continue
    out(`| ${chunk.isEntry ? 'entry (engine, router, query, zod, react)' : source} | ${fmt(size(file))} | ${fmt(gz(file))} |`)
  }
  const css = readdirSync('dist/client/assets').filter((file) => file.endsWith('.css'))
  for (const file of css) out(`| ${file.replace(/-[^.]+\.css$/, '.css')} | ${fmt(size(`dist/client/assets/${file}`))} | ${fmt(gz(`dist/client/assets/${file}`))} |`)
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
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-typing-'))
  const server = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', DATA_DIR: dataDir, PASSWORD_HASH_COST: '12' }, stdio: 'ignore' })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const base = `http://localhost:${port}`
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (await fetch(`${base}/builds/latest.json`).then((r) => r.ok, () => false)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
    await page.goto(`${base}/playground`)
    await page.waitForSelector('input[name="email"]')
    const text = 'typing into the form, one key at a time'
    const baseline = await keystrokes(page, 'input[name="email"]', text)
    const editor = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'editor')!
    await page.fill('input[name="email"]', editor.email)
    await page.fill('input[name="password"]', editor.password)
    await page.click('button[type="submit"]')
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
    out(`${text.length} keystrokes per field, in Chromium; the time from the input event to the updated form (React renders input synchronously).`)
    out()
    out('| field | mean (ms) | p95 (ms) | max (ms) |')
    out('|---|---:|---:|---:|')
    out(`| baseline: sign-in email (no re-render) | ${stats(baseline)} |`)
    out(`| header: opening hours (the largest part: ~40 fields and three lists) | ${stats(header)} |`)
    out(`| landing pages: a headline (lists of pages and their sections) | ${stats(landing)} |`)
    out()
  } finally {
    await browser.close()
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

out(`# Benchmarks (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.arch})`)
out()
await validation()
await rendering()
await serverLoad()
bundle()
await typing()
await initialJs(out)
writeFileSync('bench/results.md', `${lines.join('\n')}\n`)
