/**
 * Real processes for the fault and production tests: the built server (`dist/server/main.js`) as
 * a child process, a throw-away PostgreSQL server, each on a free loopback port. Nothing here is
 * mocked: the tests end and start these processes as an operator, a crash or a deploy would.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort, SERVER_ENTRY, waitFor } from '../../../bench/built-server.ts'
import { fromInitdbCopy } from '../../../scripts/initdb-copy.mjs'

export { freePort }
const ROOT = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)

/** PostgreSQL's server binaries: on PATH, or in Debian's folder (`.ci/run` installs them when missing). */
function postgresBin(): string {
  const fromPath = (process.env.PATH ?? '').split(':').find((dir) => existsSync(path.join(dir, 'pg_ctl')))
  if (fromPath) return fromPath
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort()
        .reverse()
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : []
  const found = debian.find((dir) => existsSync(path.join(dir, 'pg_ctl')))
  if (!found)
    throw new Error('PostgreSQL server binaries (pg_ctl, initdb) are needed: apt-get install postgresql (.ci/run does)')
  return found
}

export interface Postgres {
  url: string
  /** A new, empty database on this server. */
  database: (name: string) => Promise<string>
  /** Stops the server, keeping its data; `resume` starts it again on the same port. */
  pause: () => Promise<void>
  resume: () => Promise<void>
  stop: () => Promise<void>
}

/** A throw-away PostgreSQL server (scripts/postgres-test-server.sh) on a free loopback port. */
export async function startPostgres(): Promise<Postgres> {
  const script = path.join(ROOT, 'scripts/postgres-test-server.sh')
  const env = {
    ...process.env,
    PATH: `${postgresBin()}:${process.env.PATH ?? ''}`,
    PGPORT_TEST: String(await freePort()),
  }
  const { stdout } = await run(script, [], { env })
  const [url = '', dir = ''] = stdout.trim().split(' ')
  const { default: pg } = await import('pg')
  return {
    url,
    async database(name) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`CREATE DATABASE ${name}`)
      await client.end()
      const address = new URL(url)
      address.pathname = `/${name}`
      return address.href
    },
    pause: async () => {
      await run(script, ['pause', dir], { env })
    },
    resume: async () => {
      await run(script, ['resume', dir], { env })
    },
    stop: async () => {
      await run(script, ['stop', dir], { env }).catch(() => undefined)
    },
  }
}

export interface ServerProcess {
  base: string
  port: number
  child: ChildProcess
  /** What the process wrote (its JSON log lines). */
  output: () => string
  /** Resolves once the log has a line matching `pattern`. */
  logged: (pattern: RegExp, ms?: number) => Promise<void>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  kill: (signal: NodeJS.Signals) => void
}

/**
 * Starts the built server as `npm start` runs it (production), scrypt at 2^12, and resolves once
 * it answers `/healthz`. `PORT` may be given (a restart on the same port); else a free one. A new
 * `DATA_DIR` folder starts from a copy of one initdb, as the suite's servers do (the server then
 * migrates and seeds it as any new folder); a restart finds its data where it left it.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const folder = env.DATA_DIR
  if (folder && folder !== 'memory:' && !existsSync(path.join(folder, 'PG_VERSION'))) await fromInitdbCopy(folder)
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PASSWORD_HASH_COST: '12',
      HOST: '127.0.0.1',
      PAYMENT_FIELDS_PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const waiters = new Set<() => void>()
  const keep = (chunk: Buffer) => {
    log += chunk.toString()
    if (log.length > 2_000_000) log = log.slice(-1_000_000)
    for (const waiter of waiters) waiter()
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const logged = (pattern: RegExp, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(log)) return
        waiters.delete(check)
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`The server did not log ${pattern} within ${ms} ms:\n${log.slice(-3000)}`))
      }, ms)
      waiters.add(check)
      check()
    })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}/healthz`, 120_000, child)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`The built server did not start:\n${log.slice(-3000)}`, { cause: error })
  }
  return { base, port, child, output: () => log, logged, exited, kill: (signal) => child.kill(signal) }
}

/** Stops a server gracefully (SIGTERM) and waits for it to exit. */
export async function stop(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGTERM')
  return server.exited
}

/** A temporary folder, removed by `remove`. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
