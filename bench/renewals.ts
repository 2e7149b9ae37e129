/**
 * Renewals (issue 28): memberships all due on one day, renewed by the jobs on the embedded database
 * with the sandbox processor. For each size, a fresh PGlite folder is seeded in a child process
 * (the demo data, then the members, cards and memberships in three bulk INSERT … SELECT
 * statements), and another child runs the jobs as `npm run jobs -- --now` does (`runDue` of
 * server/platform/jobs/queue.ts: the sweep, pg-boss, `lifecycle.renew` per membership), with the node
 * settings `npm run jobs` runs with (scripts/node-settings.mjs), built by Vite as the server is. The time is the worker's `runDue`, and its RSS
 * is its own: sampled from /proc every 100 ms, and its peak (ru_maxrss) at the end. The smallest
 * size is the baseline of the same run: linear growth means time per renewal stays the same.
 *
 *   npx tsx bench/renewals.ts [sizes…] [--no-server]   (default 1000 10000; prints the section)
 *
 * Then, unless --no-server, the built server (`npm start`, JOBS on) renews the largest size due the
 * day before in its own workers while it serves: its peak RSS, and the time from first to last.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import type { z } from '#schemas/engine/zod.ts'
import { JOBS_NODE_ARGS, PRODUCTION_ENV, SERVER_NODE_ARGS } from '../scripts/node-settings.mjs'
import { freePort, SERVER_ENTRY, stopServer, waitFor } from './built-server.ts'
import { ranSchema, seededSchema } from './renewals-worker.ts'
import { procMib } from './proc-status.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
/** The worker as the server is shipped: built by Vite for Node (its packages imported, not bundled). */
const WORKER = path.join(ROOT, 'dist/bench/renewals-worker.js')

async function buildWorker() {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: 'bench/renewals-worker.ts',
      outDir: 'dist/bench',
      emptyOutDir: true,
      target: 'node20',
      minify: false,
    },
  })
}
/** The day every membership is due (its members spread over it), and when the jobs run: its end. */
export const DUE_DAY = '2026-12-10T00:00:00Z'
export const RUN_AT = '2026-12-10T23:59:59Z'

export interface RenewalsRun extends z.infer<typeof ranSchema> {
  members: number
  /** The highest VmRSS sampled while the worker ran (MiB). */
  sampledPeakMib: number
  /** The machine's load average (1 min) as the run ended: other work on the same cores. */
  load: number
}

/** The server (`npm start`, JOBS on) renewing in its own workers while it serves. */
export interface ServerRenewalsRun {
  members: number
  /** From the first renewal to the last (the server's sweep starts them on the minute). */
  seconds: number
  /** The server process's peak resident set (VmHWM) over its start and the renewals. */
  peakRssMib: number
  /** The home page's answer time right after the last renewal (ms). */
  homeMs: number
}

export interface RenewalsResult {
  plan: string
  priceCents: number
  runs: RenewalsRun[]
  server?: ServerRenewalsRun
}

/** Runs the worker in a child process; answers its last line of JSON and the highest RSS sampled. */
async function child<T>(schema: z.ZodMiniType<T>, args: string[]): Promise<{ result: T; sampledPeakMib: number }> {
  const worker = spawn(
    process.execPath,
    // As `npm run jobs` runs the worker (scripts/node-settings.mjs): its heap, young generation and malloc settings, production.
    [...JOBS_NODE_ARGS, WORKER, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...PRODUCTION_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  worker.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  worker.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  let sampledPeakMib = 0
  const sampler = setInterval(() => {
    const rss = procMib(worker.pid!, 'VmRSS')
    if (rss > sampledPeakMib) sampledPeakMib = rss
  }, 100)
  const code = await new Promise<number | null>((resolve) => worker.once('exit', resolve))
  clearInterval(sampler)
  const last = stdout.trim().split('\n').at(-1) ?? ''
  if (code !== 0) throw new Error(`The renewals worker (${args[0]}) exited with ${code}:\n${stderr}`)
  return { result: schema.parse(JSON.parse(last)), sampledPeakMib }
}

/** Seeds `count` memberships due on one day in a fresh embedded database, renews them, and checks each was renewed once. */
export async function renewalsOnce(count: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-renewals-'))
  try {
    const { result: seeded } = await child(seededSchema, ['seed', dataDir, String(count), DUE_DAY])
    if (seeded.members !== count) throw new Error(`Seeded ${seeded.members} memberships, not ${count}`)
    const { result: ran, sampledPeakMib } = await child(ranSchema, ['run', dataDir, RUN_AT])
    // Every membership renewed exactly once: a renewal of its period, a receipt and a mail each, none left due.
    const wrong = Object.entries({ renewals: ran.renewals, receipts: ran.receipts, mails: ran.mails }).filter(
      ([, value]) => value !== count,
    )
    if (wrong.length > 0 || ran.stillDue > 0 || ran.failed > 0)
      throw new Error(
        `${count} memberships due: ${wrong.map(([name, value]) => `${value} ${name}`).join(', ')}${wrong.length ? ', ' : ''}${ran.stillDue} still due, ${ran.failed} jobs failed`,
      )
    const run: RenewalsRun = { ...ran, members: count, sampledPeakMib, load: loadavg()[0]! }
    return { seeded, run }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The built server as `npm start` runs it (JOBS on), on a folder seeded with `count` memberships
 * due yesterday: its sweep (every minute) and workers renew them while it serves. Counts the
 * server's "Job done" log lines (the job queue's, outcome `renewed`) until every membership is renewed.
 */
export async function serverRenewals(count: number): Promise<ServerRenewalsRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-renewals-'))
  const yesterday = new Date(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1),
  )
  try {
    await child(seededSchema, ['seed', dataDir, String(count), yesterday.toISOString()])
    const port = await freePort()
    const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...PRODUCTION_ENV,
        DATA_DIR: dataDir,
        PORT: String(port),
        PAYMENT_FIELDS_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let renewed = 0
    let first = 0
    let last = 0
    let partial = ''
    server.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines)
        if (line.includes(`"msg":"Job done"`) && line.includes('"outcome":"renewed"')) {
          renewed += 1
          last = performance.now()
          if (renewed === 1) first = last
        }
    })
    try {
      await waitFor(`http://127.0.0.1:${port}/readyz`, 180_000, server)
      // The first sweep comes on the next minute; the last of 10,000 within a few minutes after.
      const deadline = Date.now() + 15 * 60_000
      while (renewed < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500))
      if (renewed < count) throw new Error(`The server renewed ${renewed} of ${count} memberships within 15 minutes`)
      const started = performance.now()
      await fetch(`http://127.0.0.1:${port}/`)
      const homeMs = performance.now() - started
      const peakRssMib = procMib(server.pid!, 'VmHWM')
      return { members: count, seconds: (last - first) / 1000, peakRssMib, homeMs }
    } finally {
      await stopServer(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function renewals(sizes: readonly number[] = [1000, 10_000], withServer = true): Promise<RenewalsResult> {
  await buildWorker()
  const runs: RenewalsRun[] = []
  let plan = { plan: '', priceCents: NaN }
  for (const size of sizes) {
    const { seeded, run } = await renewalsOnce(size)
    plan = seeded
    runs.push(run)
  }
  const largest = sizes.at(-1)
  return {
    plan: plan.plan,
    priceCents: plan.priceCents,
    runs,
    ...(withServer && largest ? { server: await serverRenewals(largest) } : {}),
  }
}

/** The section's Markdown lines. */
export function renewalsSection(result: RenewalsResult): string[] {
  const fmt = (value: number, digits = 1) => value.toFixed(digits)
  const lines = [
    '## 11. Renewals',
    `Monthly memberships all due on one day (${DUE_DAY.slice(0, 10)}), each member with a card on file (the sandbox's 4242), in a fresh embedded database (PGlite in a temporary folder) with the demo data; the jobs run at the day's end as \`npm run jobs -- --now\` runs them (\`runDue\`: the sweep, pg-boss, \`lifecycle.renew\` per membership: a charge, a receipt, a renewal row, two events and a mail each), in a process of their own, built as the server is and with its node settings. The ${result.runs[0]!.members.toLocaleString('en')} run is the baseline: linear time keeps the time per renewal (judged on CPU time: the worker is one thread, the database in it, and its wall time moves with what else the shared machine runs; the load average is the machine's as the run ended). Every membership is checked renewed once (a renewal of its period, a receipt, a mail, none left due).`,
    '',
    '| memberships | time (s) | ms per renewal | × baseline | CPU (s) | CPU ms per renewal | × baseline | RSS before (MiB) | peak RSS (MiB) | load average |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  const base = result.runs[0]!
  for (const run of result.runs)
    lines.push(
      `| ${run.members.toLocaleString('en')} | ${fmt(run.ms / 1000)} | ${fmt(run.ms / run.members, 2)} | ${fmt(run.ms / base.ms, 2)} | ${fmt(run.cpuMs / 1000)} | ${fmt(run.cpuMs / run.members, 2)} | ${fmt(run.cpuMs / base.cpuMs, 2)} | ${fmt(run.rssBeforeMib, 0)} | ${fmt(Math.max(run.peakRssMib, run.sampledPeakMib), 0)} | ${fmt(run.load, 1)} |`,
    )
  lines.push('')
  const server = result.server
  if (server)
    lines.push(
      `The server as \`npm start\` runs it (JOBS on, no heap cap), on ${server.members.toLocaleString('en')} memberships due the day before: its own workers renewed them in ${fmt(server.seconds)} s from the first to the last while serving (the home page answered in ${fmt(server.homeMs, 0)} ms right after); its peak RSS over its start and the renewals was ${fmt(server.peakRssMib, 0)} MiB (VmHWM).`,
      '',
    )
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .filter((arg) => arg !== '--no-server')
    .map(Number)
  const result = await renewals(sizes.length > 0 ? sizes : undefined, !process.argv.includes('--no-server'))
  console.log(renewalsSection(result).join('\n'))
  console.log(JSON.stringify(result, null, 2))
}
