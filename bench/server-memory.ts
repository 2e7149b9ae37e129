/**
 * The server's memory with the embedded database (PGlite), as `npm start` runs it (production,
 * scrypt at 2^17): RSS after a first start on an empty data folder (creates the database, seeds
 * the demo data), after a restart on the same folder, and after a load of concurrent GETs with
 * sign-ins running beside them, then after grievances filed with the most attachments they take
 * (issue 44: three files of 2 MB, an 8 MB request in base64), as a member's browser files them.
 * RSS is VmRSS of /proc/<pid>/status; the peak VmHWM.
 *
 *   npx tsx bench/server-memory.ts [seconds] [grievances]     (after npm run build; 60 s, 4 grievances)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GRIEVANCE_ATTACHMENTS } from '#schemas/api/grievances.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { freePort, stopServer, waitFor } from './built-server.ts'
import { procMib } from './proc-status.ts'

// Both of the first tenant's languages: the server holds each one's content and pages (issue 42).
const PATHS = ['/', '/faq', '/es/faq', '/api/cms', '/api/cms?locale=es', '/api/v4/providers?zip=90024&radius=500']
const USER_AGENT = 'Mozilla/5.0 (server-memory bench)'

/** A file of `size` bytes that starts like a PDF (the server checks a file's first bytes), random after: no compression helps. */
const pdfOfSize = (size: number) => {
  const bytes = Buffer.alloc(size)
  for (let at = 0; at < size; at += 4) bytes.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, Math.min(at, size - 4))
  bytes.write('%PDF-1.4\n', 0, 'latin1')
  return bytes
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The server's own process: the child that scripts/start.mjs starts. */
const serverPid = (starter: number) =>
  Number(readFileSync(`/proc/${starter}/task/${starter}/children`, 'utf8').trim().split(/\s+/)[0])

export interface MemoryResult {
  firstStart: number
  firstStartPeak: number
  restart: number
  afterLoad: number
  /** After the grievances with attachments (and 2 s). */
  afterUploads: number
  /** The peak over the whole run on the restarted folder: the load, then the uploads. */
  afterUploadsPeak: number
  uploads: number
  /** Each grievance's request body (MB). */
  uploadMb: number
  loadSeconds: number
  requests: number
  signIns: number
  errors: number
}

export async function serverMemory(
  options: { seconds?: number; connections?: number; logins?: number; grievances?: number } = {},
): Promise<MemoryResult> {
  // Four grievances: fewer than the grievance form's limit per address (RATE_LIMIT_GRIEVANCE, 5 an hour).
  const { seconds = 60, connections = 8, logins = 2, grievances = 4 } = options
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
  /** A POST as the browser makes it: with the page's csrf token and cookie (`cookie` adds a session's). */
  const post = async (address: string, body: string, cookies: string[] = []) => {
    const page = await fetch(`${base}/`, { headers: { 'user-agent': USER_AGENT, cookie: cookies.join('; ') } })
    const html = await page.text()
    const cookie = [...cookies, ...page.headers.getSetCookie().map((line) => line.split(';')[0]!)].join('; ')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? ''
    return fetch(base + address, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'csrf-token': token, cookie, 'user-agent': USER_AGENT },
      body,
    })
  }
  /** A sign-in as the browser makes it: POST /api/login (one scrypt hash); answers the session's cookies. */
  const signIn = async () => {
    const response = await post('/api/login', JSON.stringify({ email: member.email, password: member.password }))
    await response.arrayBuffer()
    return response.ok ? response.headers.getSetCookie().map((line) => line.split(';')[0]!) : undefined
  }
  /** The signed-in member files a grievance with the most it may attach: three files of 2 MB. */
  const fileGrievance = async (session: string[], index: number) => {
    const body = JSON.stringify({
      name: 'Bench Member',
      email: member.email,
      category: 'billing',
      description: `Grievance ${index} of the memory bench, with three scanned receipts.`,
      desiredResolution: 'None: this measures the server.',
      attachments: ['a', 'b', 'c'].slice(0, GRIEVANCE_ATTACHMENTS.maxFiles).map((name) => ({
        name: `receipt-${name}.pdf`,
        type: 'application/pdf',
        dataBase64: pdfOfSize(GRIEVANCE_ATTACHMENTS.maxBytes).toString('base64'),
      })),
    })
    const response = await post('/api/v4/grievance', body, session)
    const answer = await response.text()
    if (response.status !== 201) throw new Error(`A grievance was answered ${response.status}: ${answer.slice(0, 300)}`)
    return body.length / 1e6
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
        if (await signIn().catch(() => undefined)) signIns += 1
        else errors += 1
      }
    })
    await Promise.all([...getters, ...signers])
    await sleep(2000)
    const afterLoad = procMib(serverPid(child.pid!), 'VmRSS')

    const session = await signIn()
    if (!session) throw new Error('The member could not sign in to file grievances')
    let uploadMb = 0
    for (let index = 0; index < grievances; index += 1) uploadMb = await fileGrievance(session, index)
    await sleep(2000)
    return {
      firstStart,
      firstStartPeak,
      restart,
      afterLoad,
      afterUploads: procMib(serverPid(child.pid!), 'VmRSS'),
      afterUploadsPeak: procMib(serverPid(child.pid!), 'VmHWM'),
      uploads: grievances,
      uploadMb,
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
  console.log(await serverMemory({ seconds: Number(process.argv[2] ?? 60), grievances: Number(process.argv[3] ?? 4) }))
