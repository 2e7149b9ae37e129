/**
 * Initial JavaScript per route: what the browser downloads before the page is interactive (the
 * entry `<script type="module">` and every `<link rel="modulepreload">` of the served HTML),
 * compressed as a server would send it, against a bare React 19 + react-router 7 app built in
 * the same run (`bench/baseline-app/`: a data router, two routes, hydrateRoot).
 *
 * Part of `npm run bench` (after `npm run build`); alone: `npx tsx bench/initial-js.ts`, which
 * updates its section of bench/results.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { SERVER_ENTRY, startBuiltServer } from './built-server.ts'

const HEADING = '## 6. Initial JavaScript per route'
const ROOT = path.resolve(import.meta.dirname, '..')
const CLIENT_DIR = path.join(ROOT, 'dist/client')
const BASELINE_APP = path.join(import.meta.dirname, 'baseline-app')

/**
 * The routes measured; `signedIn` ones are fetched with the demo member's session, `checkout` ones
 * by a buyer whose checkout has its plan and account (so the step renders, not a redirect).
 */
export const ROUTES: readonly { path: string; signedIn?: boolean; checkout?: boolean }[] = [
  { path: '/' },
  { path: '/faq' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/arizona' },
  { path: '/support' },
  { path: '/member-login' },
  { path: '/reset-password' },
  { path: '/dashboard', signedIn: true },
  { path: '/join-now' },
  { path: '/join-now?location_id=1001&plan_id=102' },
  { path: '/checkout/create-account', checkout: true },
  { path: '/checkout/add-member', checkout: true },
  { path: '/checkout/payment', checkout: true },
  { path: '/find-a-dentist' },
  { path: '/find-a-dentist?zip=90210' },
  { path: '/office/1001' },
  { path: '/directory' },
  { path: '/grievance-form' },
  { path: '/grievance-form/status' },
  { path: '/savings-summary' },
  // The first tenant's Spanish (issue 42): a content page and a search in another language.
  { path: '/es/faq' },
  { path: '/es/find-a-dentist?zip=90210' },
  // The staff console's first page (console/, its own entry: docs/adr/0026).
  { path: '/console' },
]

const REQUEST_MS = 15_000
const BUILD_MS = 120_000

export interface Measured {
  /** URL paths of the JavaScript files, in the order the HTML names them. */
  files: string[]
  /** Bytes, each file compressed on its own (as served). */
  raw: number
  gzip: number
  brotli: number
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length
const brotliSize = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length

/** The attributes of each `<tag …>` in the HTML (names lower-cased). */
function tags(html: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = []
  for (const [, attributes = ''] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const parsed: Record<string, string> = {}
    for (const [, name = '', doubleQuoted, singleQuoted, bare] of attributes.matchAll(
      /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      parsed[name.toLowerCase()] = doubleQuoted ?? singleQuoted ?? bare ?? ''
    }
    found.push(parsed)
  }
  return found
}

/** The JavaScript a page loads at once: its module scripts and modulepreload links (same origin), without repeats. */
export function initialScripts(html: string): string[] {
  const scripts = tags(html, 'script')
    .filter((script) => script.type === 'module' && script.src)
    .map((script) => script.src!)
  const preloads = tags(html, 'link')
    .filter((link) => (link.rel ?? '').split(/\s+/).includes('modulepreload') && link.href)
    .map((link) => link.href!)
  const paths = [...scripts, ...preloads].map((url) => new URL(url, 'http://page.invalid/'))
  const foreign = paths.filter((url) => url.origin !== 'http://page.invalid')
  if (foreign.length > 0) throw new Error(`Scripts from another origin: ${foreign.map(String).join(', ')}`)
  return [...new Set(paths.map((url) => url.pathname))]
}

/** Sizes of the files the HTML loads, read from the folder the server serves them from. */
export function measure(html: string, publicDir: string): Measured {
  const files = initialScripts(html)
  let raw = 0
  let gzip = 0
  let brotli = 0
  for (const file of files) {
    const bytes = readFileSync(path.join(publicDir, decodeURIComponent(file)))
    raw += bytes.length
    gzip += gzipSize(bytes)
    brotli += brotliSize(bytes)
  }
  return { files, raw, gzip, brotli }
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms).unref(),
    ),
  ])

/** Builds the baseline app (`bench/baseline-app/`) with Vite's defaults into `work`/dist; returns that folder. */
export async function buildBaselineApp(work: string): Promise<string> {
  const outDir = path.join(work, 'dist')
  await withTimeout(
    build({
      root: BASELINE_APP,
      configFile: false,
      envDir: false,
      publicDir: false,
      cacheDir: path.join(work, 'cache'),
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    }),
    BUILD_MS,
    'Building the baseline app',
  )
  return outDir
}

/** Builds the baseline app and measures its index.html's scripts. */
export async function measureBaseline(): Promise<Measured> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-baseline-'))
  try {
    const outDir = await buildBaselineApp(work)
    return measure(readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** A cookie jar for one visitor: keeps what Set-Cookie sends, sends it back. */
class Visitor {
  private readonly cookies = new Map<string, string>()
  constructor(private readonly base: string) {}

  async fetch(
    pathname: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; text: string }> {
    const response = await fetch(this.base + pathname, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_MS),
      headers: {
        'user-agent': 'Mozilla/5.0 bench',
        ...init.headers,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
      },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
    return { status: response.status, text: await response.text() }
  }

  has(name: string) {
    return this.cookies.has(name)
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Signs the visitor in as the default tenant's demo member (csrf cookie and meta first). */
async function signIn(visitor: Visitor): Promise<void> {
  const member = demoData[tenants.defaultTenant]?.accounts.find((account) => account.role === 'member')
  if (!member) throw new Error(`The demo data of ${tenants.defaultTenant} has no member account`)
  const home = await visitor.fetch('/')
  const token = tags(home.text, 'meta').find((meta) => meta.name === 'csrf-token')?.content
  if (!token || !visitor.has('csrf')) throw new Error('GET / gave no csrf cookie and <meta name="csrf-token">')
  const login = await visitor.fetch('/api/login', {
    method: 'POST',
    body: JSON.stringify({ email: member.email, password: member.password }),
    headers: { 'content-type': 'application/json', 'csrf-token': token },
  })
  if (login.status !== 200 || !visitor.has('session'))
    throw new Error(`Signing in as ${member.email} failed: ${login.status} ${login.text.slice(0, 200)}`)
}

/** Starts a checkout for the visitor, up to the account step (Family plan at the Beverly Hills office). */
async function startCheckout(visitor: Visitor): Promise<void> {
  const home = await visitor.fetch('/')
  const token = tags(home.text, 'meta').find((meta) => meta.name === 'csrf-token')?.content ?? ''
  const send = async (method: string, apiPath: string, body?: unknown) => {
    const answer = await visitor.fetch(apiPath, {
      method,
      ...(body ? { body: JSON.stringify(body) } : {}),
      headers: { 'content-type': 'application/json', 'csrf-token': token },
    })
    if (answer.status >= 300)
      throw new Error(`${method} ${apiPath} answered ${answer.status}: ${answer.text.slice(0, 200)}`)
  }
  await send('POST', '/api/km/checkout/temp_token')
  await send('PUT', '/api/km/checkout/member/plan', { planId: 102, officeId: 1001, billingCycle: 'monthly' })
  await send('POST', '/api/km/checkout/account', {
    email: 'bench@example.com',
    password: 'Measured-Route-2026!',
    firstName: 'Bench',
    lastName: 'Buyer',
    phone: '3105550100',
    dateOfBirth: '1980-01-01',
    address: { line: '1 Main St', city: 'Beverly Hills', state: 'CA', zip: '90210' },
  })
}

export interface RouteMeasure extends Measured {
  path: string
  status: number
  signedIn: boolean
}

/** Fetches each route from the built server and measures the JavaScript its HTML loads. */
export async function measureSite(routes = ROUTES): Promise<RouteMeasure[]> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(path.join(CLIENT_DIR, 'index.html')))
    throw new Error('No build in dist/: run `npm run build` first')
  const server = await startBuiltServer()
  try {
    const visitor = new Visitor(server.base)
    const member = new Visitor(server.base)
    const buyer = new Visitor(server.base)
    if (routes.some((route) => route.signedIn)) await signIn(member)
    if (routes.some((route) => route.checkout)) await startCheckout(buyer)
    const measured: RouteMeasure[] = []
    for (const route of routes) {
      const { status, text } = await (route.signedIn ? member : route.checkout ? buyer : visitor).fetch(route.path)
      measured.push({ path: route.path, status, signedIn: route.signedIn ?? false, ...measure(text, CLIENT_DIR) })
    }
    return measured
  } finally {
    await server.stop()
  }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

/** Builds the baseline, measures the site's routes, prints the table through `out`. */
export async function initialJs(
  out: (line?: string) => void = console.log,
): Promise<{ baseline: Measured; routes: RouteMeasure[] }> {
  out(HEADING)
  const baseline = await measureBaseline()
  const routes = await measureSite()
  out(
    'The JavaScript each page loads before it is interactive: its `<script type="module">` and every `<link rel="modulepreload">`, each file compressed on its own (gzip -9, brotli quality 11), in kB (1000 bytes). ' +
      'Baseline: `bench/baseline-app/` (React 19, react-router-dom 7 data router, two routes, hydrateRoot), built with Vite in this run.',
  )
  out()
  out('| page | status | files | raw (kB) | gzip -9 (kB) | brotli (kB) | × baseline (gzip) |')
  out('|---|---:|---:|---:|---:|---:|---:|')
  out(
    `| baseline: React + router app | 200 | ${baseline.files.length} | ${kB(baseline.raw)} | ${kB(baseline.gzip)} | ${kB(baseline.brotli)} | 1.00 |`,
  )
  for (const route of routes) {
    out(
      `| \`${route.path}\`${route.signedIn ? ' (signed in)' : ''} | ${route.status} | ${route.files.length} | ${kB(route.raw)} | ${kB(route.gzip)} | ${kB(route.brotli)} | ${(route.gzip / baseline.gzip).toFixed(2)} |`,
    )
  }
  out()
  return { baseline, routes }
}

/**
 * bench/results.md's history: everything from a line `## History` to the end of the file. Every
 * benchmark that writes the file (bench/run.ts, this file, bench/load.ts) keeps it as it is, after
 * the sections it writes.
 */
export function splitHistory(text: string): { current: string; history: string } {
  const at = /^## History[ \t]*$/m.exec(text)?.index
  return at === undefined ? { current: text, history: '' } : { current: text.slice(0, at), history: text.slice(at) }
}

/** The sections a benchmark wrote, then the history kept (if any), with one blank line between. */
export function withHistory(current: string, history: string): string {
  return history === '' ? current : `${current.trimEnd()}\n\n${history.trimEnd()}\n`
}

/** The section of bench/results.md that `npm run bench:load` writes (bench/load.ts). */
export const LOAD_SECTION = /<!-- load:start -->[\s\S]*?<!-- load:end -->/

/** Replaces this benchmark's section of bench/results.md (or adds it after the others, before the history). */
function writeSection(lines: string[]) {
  const file = path.join(ROOT, 'bench/results.md')
  const { current, history } = splitHistory(existsSync(file) ? readFileSync(file, 'utf8') : '')
  const section = `${lines.join('\n')}\n`
  const start = current.indexOf(`${HEADING}\n`)
  if (start === -1) {
    const updated = `${current}${current === '' || current.endsWith('\n\n') ? '' : '\n'}${section}`
    writeFileSync(file, withHistory(updated, history))
    return
  }
  // The section ends where the next one starts: a heading, or the load section's opening mark.
  const end = current.slice(start + HEADING.length).search(/\n(?:## |<!-- load:start -->)/)
  const next = end === -1 ? -1 : start + HEADING.length + end
  writeFileSync(
    file,
    withHistory(current.slice(0, start) + section + (next === -1 ? '' : current.slice(next + 1)), history),
  )
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const lines: string[] = []
  await initialJs((line = '') => {
    lines.push(line)
    console.log(line)
  })
  writeSection(lines)
}
