/**
 * The built server as the benchmarks run it: on a free loopback port, with a fresh embedded
 * database in a temporary folder, stopped and cleaned up after.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js')
const SERVER_START_MS = 120_000

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/** Resolves once `url` answers 2xx; throws after `ms` or when `child` (if given) has exited. */
export async function waitFor(url: string, ms = SERVER_START_MS, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before ${url} answered`)
    if (
      await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
  ])
  if (!stopped) {
    child.kill('SIGKILL')
    await exited
  }
}

export interface BuiltServer {
  base: string
  child: ChildProcess
  /** The last 4,000 characters the server wrote. */
  output: () => string
  stop: () => Promise<void>
}

/** Starts `dist/server/main.js` (production, scrypt at 2^12 unless `env` says) and resolves once it answers. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'))
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: '12',
      PORT: String(port),
      HOST: '127.0.0.1',
      PAYMENT_FIELDS_PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const stop = async () => {
    await stopServer(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}/builds/latest.json`, SERVER_START_MS, child)
  } catch (error) {
    await stop()
    throw new Error(`The built server did not start:\n${log}`, { cause: error })
  }
  return { base, child, output: () => log, stop }
}
