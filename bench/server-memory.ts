/**
 * The server's memory with the embedded database (PGlite), as `npm start` runs it (production,
 * scrypt at 2^17): RSS after a first start on an empty data folder (creates the database, seeds
 * the demo data), after a restart on the same folder, and after a load of concurrent GETs with
 * sign-ins running beside them. RSS is VmRSS of /proc/<pid>/status; the peak VmHWM.
 *
 *   npx tsx bench/server-memory.ts [seconds]     (after npm run build)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { freePort, stopServer, waitFor } from './built-server.ts'
import { procMib } from './proc-status.ts'

const PATHS = ['/', '/faq', '/api/cms', '/api/v4/providers?zip=90024&radius=500']
const USER_AGENT = 'Mozilla/5.0 (server-memory bench)'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The server's own process: the child that scripts/start.mjs starts. */
const serverPid = (starter: number) =>
  Number(readFileSync(`/proc/${starter}/task/${starter}/children`, 'utf8').trim().split(/\s+/)[0])

export interface MemoryResult {
  firstStart: number
  firstStartPeak: number
  restart: number
  afterLoad: number
  loadSeconds: number
  requests: number
  signIns: number
  errors: number
}

export async function serverMemory(
  options: { seconds?: number; connections?: number; logins?: number } = {},
): Promise<MemoryResult> {
  const { seconds = 60, connections = 8, logins = 2 } = options
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const member = demoData[tenants.defaultTenant]!.accounts.find((account) => account.role === 'member')!
  const dataDir = mkdtempSync(path.join(tmpdir(), 'server-memory-'))
  const start = () =>
    // As `npm start` runs it (scripts/start.mjs: the server in a child process with its memory settings).
    spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        PAYMENT_FIELDS_PORT: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PASSWORD_HASH_COST: '17',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  const ready = (child: ChildProcess) => waitFor(`${base}/builds/latest.json`, 180_000, child)
  /** A sign-in as the browser makes it: the page's csrf token, then POST /api/login (one scrypt hash). */
  const signIn = async () => {
    const page = await fetch(`${base}/`, { headers: { 'user-agent': USER_AGENT } })
    const html = await page.text()
    const cookie = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? ''
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'csrf-token': token, cookie, 'user-agent': USER_AGENT },
      body: JSON.stringify({ email: member.email, password: member.password }),
    })
    await response.arrayBuffer()
    return response.ok
  }

  let child: ChildProcess | undefined
  try {
    child = start()
    await ready(child)
    await sleep(2000)
    const firstStart = procMib(serverPid(child.pid!), 'VmRSS')
    const firstStartPeak = procMib(serverPid(child.pid!), 'VmHWM')
    await stopServer(child)

    child = start()
    await ready(child)
    await sleep(2000)
    const restart = procMib(serverPid(child.pid!), 'VmRSS')

    const until = performance.now() + seconds * 1000
    let requests = 0
    let signIns = 0
    let errors = 0
    const getters = Array.from({ length: connections }, async (_, worker) => {
      for (let index = worker; performance.now() < until; index += 1) {
        const response = await fetch(base + PATHS[index % PATHS.length]!, {
          headers: { 'user-agent': USER_AGENT },
        }).catch(() => undefined)
        await response?.arrayBuffer()
        requests += 1
        if (!response?.ok) errors += 1
      }
    })
    const signers = Array.from({ length: logins }, async () => {
      while (performance.now() < until) {
        if (await signIn().catch(() => false)) signIns += 1
        else errors += 1
      }
    })
    await Promise.all([...getters, ...signers])
    await sleep(2000)
    return {
      firstStart,
      firstStartPeak,
      restart,
      afterLoad: procMib(serverPid(child.pid!), 'VmRSS'),
      loadSeconds: seconds,
      requests,
      signIns,
      errors,
    }
  } finally {
    if (child) await stopServer(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(await serverMemory({ seconds: Number(process.argv[2] ?? 60) }))
