/**
 * A 60-second load on loopback, at fixed rates, against the built server as `npm start` runs it
 * (production, the embedded database, scrypt at 2^17): pages, the content API, the office search
 * and sign-ins, each kind by its own autocannon instance at its own rate, with a burst of sign-ins
 * from the 30th to the 40th second. Reports the errors (connection errors, timeouts and answers
 * other than 2xx), the p99 of each kind, the p99 of pages during the burst against the rest of
 * the run, and the server's RSS every second (flat: the floor of each 10 s within 10 % from the
 * 20th to the 60th second).
 *
 *   npm run bench:load            (builds, then runs this; writes its section of bench/results.md)
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { PRODUCTION_ENV, SERVER_NODE_ARGS } from '../scripts/node-settings.mjs'
import { freePort, SERVER_ENTRY, stopServer, waitFor } from './built-server.ts'
import { LOAD_SECTION, splitHistory, withHistory } from './initial-js.ts'
import { procMib } from './proc-status.ts'

const SECONDS = 60
const BURST = { from: 30, seconds: 10, rate: 6 }
const USER_AGENT = 'Mozilla/5.0 (load bench)'
const member = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'member')!

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rssMib = (pid: number) => procMib(pid, 'VmRSS')
const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN
}

interface Kind {
  name: string
  rate: number
  requests: Request[]
  /** Start (s) and length (s); default the whole run. */
  from?: number
  seconds?: number
}

async function main() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'load-bench-'))
  // As scripts/start.mjs runs the server (scripts/node-settings.mjs), without its check for a build.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      PORT: String(port),
      PAYMENT_FIELDS_PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: '17',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitFor(`${base}/readyz`, 180_000, child)
    const pid = child.pid!
    // A visitor's csrf cookie and token, as the sign-in page gives them.
    const page = await fetch(`${base}/member-login`, { headers: { 'user-agent': USER_AGENT } })
    const cookie = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? ''
    const signIn: Request = {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json', 'csrf-token': token, cookie },
      body: JSON.stringify({ email: member.email, password: member.password }),
    }
    const kinds: Kind[] = [
      {
        name: 'pages',
        rate: 20,
        requests: ['/', '/faq', '/office/1001', '/find-a-dentist?zip=90210&radius=25'].map((where) => ({
          method: 'GET',
          path: where,
        })),
      },
      { name: 'content API', rate: 20, requests: [{ method: 'GET', path: '/api/cms' }] },
      {
        name: 'search',
        rate: 10,
        requests: [
          { method: 'GET', path: '/api/v4/locations?zip=90210&radius=25' },
          { method: 'GET', path: '/api/v4/providers?zip=10001&radius=50' },
        ],
      },
      { name: 'sign-ins', rate: 1, requests: [signIn] },
      { name: 'sign-in burst', rate: BURST.rate, requests: [signIn], from: BURST.from, seconds: BURST.seconds },
    ]

    const started = Date.now()
    const rss: number[] = []
    const sampler = setInterval(() => rss.push(rssMib(pid)), 1000)
    const pageTimes: { at: number; ms: number }[] = []
    const results = await Promise.all(
      kinds.map(async (kind) => {
        await sleep((kind.from ?? 0) * 1000)
        const result = await new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: base,
              headers: { 'user-agent': USER_AGENT },
              requests: kind.requests,
              overallRate: kind.rate,
              connections: Math.max(8, kind.rate * 5),
              duration: kind.seconds ?? SECONDS,
              timeout: 30,
            },
            (error: unknown, done) =>
              error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(done),
          )
          if (kind.name === 'pages')
            instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
              pageTimes.push({ at: (Date.now() - started) / 1000, ms }),
            )
        })
        return { kind, result }
      }),
    )
    clearInterval(sampler)
    const machineLoad = loadavg()[0]!

    // A sign-in's scrypt hash holds 128 MiB for its fraction of a second and gives it back (the
    // mmap threshold of scripts/start.mjs), so a sample lands inside a hash or not: what must stay
    // flat is the floor, the least RSS of each 10 seconds (a leak raises it), from the 20th second.
    const steady = rss.slice(19, SECONDS)
    const floors = [0, 1, 2, 3].map((window) => Math.min(...steady.slice(window * 10, window * 10 + 10)))
    const spread = Math.max(...floors) / Math.min(...floors) - 1
    const inBurst = (at: number) => at >= BURST.from && at < BURST.from + BURST.seconds
    const burstP99 = p99(pageTimes.filter((time) => inBurst(time.at)).map((time) => time.ms))
    const quietP99 = p99(pageTimes.filter((time) => !inBurst(time.at) && time.at >= 5).map((time) => time.ms))
    const errors = results.reduce((sum, { result }) => sum + result.errors + result.timeouts + result.non2xx, 0)

    const lines = [
      '<!-- load:start -->',
      `## Load: ${SECONDS} s at fixed rates on loopback (\`npm run bench:load\`, ${new Date().toISOString().slice(0, 10)})`,
      '',
      `The built server as \`npm start\` runs it (embedded database, scrypt at 2^17), autocannon per kind at a fixed rate (latencies corrected for coordinated omission); sign-ins 1/s, and ${BURST.rate}/s more from the ${BURST.from}th to the ${BURST.from + BURST.seconds}th second. The machine's load average at the end: ${machineLoad.toFixed(1)} on ${cpus().length} cores (above ${cpus().length}, other work shared them, and the latencies say more about it than about the server).`,
      '',
      '| kind | rate (req/s) | requests | errors (connection, timeout, non-2xx) | p50 (ms) | p99 (ms) |',
      '|---|---|---|---|---|---|',
      ...results.map(
        ({ kind, result }) =>
          `| ${kind.name} | ${kind.rate} | ${result.requests.total} | ${result.errors}, ${result.timeouts}, ${result.non2xx} | ${result.latency.p50} | ${result.latency.p99} |`,
      ),
      '',
      `Errors: **${errors}**. Pages' p99 during the sign-in burst: **${burstP99.toFixed(0)} ms**, outside it: **${quietP99.toFixed(0)} ms** (${(burstP99 / quietP99).toFixed(2)}×).`,
      '',
      `RSS (MiB) every second: ${rss.map((value) => value.toFixed(0)).join(' ')}. From the 20th to the 60th second the samples range from ${Math.min(...steady).toFixed(0)} to ${Math.max(...steady).toFixed(0)} MiB (a hash in progress or not); the floor of each 10 seconds is ${floors.map((value) => value.toFixed(0)).join(', ')} MiB, a spread of ${(spread * 100).toFixed(1)} % (flat: within 10 %): **${spread <= 0.1 ? 'met' : 'missed'}**.`,
      '<!-- load:end -->',
    ]
    console.log(lines.join('\n'))
    const file = 'bench/results.md'
    // Its section is replaced where it is, or added after the others; the history stays last.
    const { current, history } = splitHistory(existsSync(file) ? readFileSync(file, 'utf8') : '')
    const section = lines.join('\n')
    const kept = LOAD_SECTION.test(current)
      ? current.replace(LOAD_SECTION, () => section)
      : `${current.trimEnd()}\n\n${section}\n`
    writeFileSync(file, withHistory(kept, history))
    if (errors > 0 || spread > 0.1) process.exitCode = 1
  } finally {
    await stopServer(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
