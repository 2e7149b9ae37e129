import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { z } from '#schemas/engine/zod.ts'
import { preparedStatements } from './pglite-statements.ts'

/** A jsonb parameter: a list must be marked, or the drivers would send it as a PostgreSQL array. */
export class JsonParam {
  constructor(readonly value: unknown) {}
}
export const json = (value: unknown) => new JsonParam(value)

/** A query's parameters: what both drivers accept (plain objects go in as jsonb). */
export type Param =
  string | number | boolean | null | Date | readonly string[] | readonly number[] | Record<string, unknown> | JsonParam

export interface Queryable {
  /** Runs a statement; rows come back untyped: use `many`/`one`/`maybeOne` to parse them. */
  query(text: string, params?: readonly Param[]): Promise<Record<string, unknown>[]>
  /**
   * A transaction's: runs `callback` once it has committed (never when it rolls back). What a
   * transaction wrote for another process to act on (a mail in the outbox) is acted on at once.
   */
  afterCommit?: (callback: () => void) => void
}

/**
 * The one query layer: the same SQL on embedded PGlite and on a PostgreSQL server. Every row is
 * parsed with a zod schema on its way out.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction (rolled back if it throws). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs a script of one or more statements without parameters (a library's own migrations: the
   * job queue's, server/platform/jobs/queue.ts) and answers the last statement's rows.
   */
  script(text: string): Promise<Record<string, unknown>[]>
  close(): Promise<void>
}

export async function many<T>(
  db: Queryable,
  schema: z.ZodMiniType<T>,
  text: string,
  params: readonly Param[] = [],
): Promise<T[]> {
  const rows = await db.query(text, params)
  return rows.map((row) => schema.parse(row))
}

export async function maybeOne<T>(
  db: Queryable,
  schema: z.ZodMiniType<T>,
  text: string,
  params: readonly Param[] = [],
): Promise<T | undefined> {
  const [row] = await many(db, schema, text, params)
  return row
}

export async function one<T>(
  db: Queryable,
  schema: z.ZodMiniType<T>,
  text: string,
  params: readonly Param[] = [],
): Promise<T> {
  const row = await maybeOne(db, schema, text, params)
  if (row === undefined) throw new Error('Expected one row, got none')
  return row
}

/** `date` columns come back as 'YYYY-MM-DD' text on both drivers (a Date would shift with the time zone). */
const DATE_OID = 1082
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value)

/** jsonb parameters go in as JSON text on both drivers. */
const toDriver = (params: readonly Param[]) =>
  params.map((value) => {
    if (value instanceof JsonParam) return JSON.stringify(value.value)
    return value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)
      ? JSON.stringify(value)
      : value
  })

/**
 * PGlite's memory: its WebAssembly heap only ever grows, so
 * what PostgreSQL touches once stays resident. initdb writes `shared_buffers = 128MB`, and all of
 * it is touched at start; 16 MB (2,048 pages) holds the whole working set of the site's tables,
 * and a miss is a read from the OS page cache. The setting is given at every start, so folders
 * created before it (whose postgresql.conf says 128MB) get it too.
 */
const SERVER_SETTINGS = ['-c', 'shared_buffers=16MB']

/**
 * Creates a PGlite database in an empty folder in a child process. initdb runs a second PGlite
 * instance, copies its heap and tars its files: the process peaks at about 700 MB, and memory a
 * WebAssembly heap has grown to is never given back. In a child, all of it ends with the child
 * (a worker thread does not give it all back); the server then opens the folder as on a restart.
 */
async function initdbInChildProcess(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite')
  const options = {
    dataDir,
    initDbStartParams: SERVER_SETTINGS,
    startParams: [...PGlite.defaultStartParams, ...SERVER_SETTINGS],
  }
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)})
const db = new PGlite(${JSON.stringify(options)})
await db.waitReady
await db.close()`
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { env: process.env })
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr
    throw new Error(
      `Could not create the database in ${dataDir}${typeof stderr === 'string' && stderr ? `: ${stderr.trim()}` : ''}`,
      { cause: error },
    )
  }
}

/** A committed transaction's callbacks (`afterCommit`): each runs; one that throws stops none of the others. */
function runCommitted(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks)
    try {
      callback()
    } catch (error) {
      console.error('A callback after a commit failed', error)
    }
}

const pgliteOptions = {
  initDbStartParams: SERVER_SETTINGS,
  startParams: [...PGlite.defaultStartParams, ...SERVER_SETTINGS],
  parsers: { [DATE_OID]: (value: string) => value },
}

/**
 * Embedded PostgreSQL (PGlite) in a folder, or in memory for tests (`dataDir` undefined). A
 * database in memory, or in a new folder, starts from `image` when given (a dump of
 * `pgliteImage`) instead of initdb: a quarter of the time.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { image?: Blob | undefined } = {},
): Promise<Database> {
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'))
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    if (fresh && !options.image) await initdbInChildProcess(dataDir)
  }
  const client = new PGlite({
    ...pgliteOptions,
    ...(dataDir ? { dataDir } : {}),
    ...(fresh && options.image ? { loadDataDir: options.image } : {}),
  })
  await client.waitReady
  return pgliteDatabase(client)
}

/**
 * A dump of an embedded database in memory (a new one, or one loaded from the image `from`) after
 * `prepare` (the migrations, say): what `openPglite(undefined, { image })` starts from. The tests
 * make theirs once (server/test-databases.setup.ts).
 */
export async function pgliteImage(
  prepare: (db: Database) => Promise<void> = async () => {},
  from?: Blob,
): Promise<Blob> {
  const client = new PGlite({ ...pgliteOptions, ...(from ? { loadDataDir: from } : {}) })
  await client.waitReady
  try {
    await prepare(pgliteDatabase(client))
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

function pgliteDatabase(client: PGlite): Database {
  // PGlite runs one statement at a time; serialise callers so a transaction never interleaves.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
  const statements = preparedStatements(client)
  const query =
    (inTransaction: boolean) =>
    (text: string, params: readonly Param[] = []) =>
      statements.query(text, toDriver(params), inTransaction)
  return {
    kind: 'pglite',
    query: (text, params) => serial(() => query(false)(text, params)),
    script: (text) => serial(async () => (await client.exec(text)).at(-1)?.rows ?? []),
    transaction: async (work) => {
      const committed: (() => void)[] = []
      const result = await serial(async () => {
        await client.exec('BEGIN')
        try {
          const answer = await work({ query: query(true), afterCommit: (callback) => committed.push(callback) })
          await client.exec('COMMIT')
          return answer
        } catch (error) {
          await client.exec('ROLLBACK')
          throw error
        }
      })
      runCommitted(committed)
      return result
    },
    close: () => client.close(),
  }
}

/**
 * The database cannot be reached (down, restarting, refusing connections): the server answers
 * 503 with Retry-After, and the pool connects again by itself once the database is back.
 */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable'
  constructor(cause: unknown) {
    super('The database is not available', { cause })
  }
}

/** Socket errors, and PostgreSQL's connection (08), shutdown (57P01 to 57P03) and too-many-connections (53300) codes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
/** The messages of node-postgres's own connection failures, which carry no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
  return UNAVAILABLE_MESSAGES.test(error.message)
}

const unavailableAsSuch = (error: unknown): never => {
  throw isDatabaseUnavailable(error) ? new DatabaseUnavailable(error) : error
}

/** A PostgreSQL server (DATABASE_URL), through a connection pool. */
export function openPostgres(url: string): Database {
  // A connection attempt gives up after 5 s: a database that does not answer is a 503, not a hang.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle connection the server ends (a restart, an administrator, a dropped test database)
  // emits an error; the pool discards it and opens another when needed. Unhandled, it would end
  // the process.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    query: async (text, params = []) =>
      (await pool.query<Record<string, unknown>>(text, toDriver(params)).catch(unavailableAsSuch)).rows,
    async script(text) {
      // Several statements answer one result each (pg's simple protocol, used without parameters).
      const results = (await pool.query(text).catch(unavailableAsSuch)) as unknown as
        pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[]
      return (Array.isArray(results) ? results.at(-1) : results)?.rows ?? []
    },
    async transaction(work) {
      const client = await pool.connect().catch(unavailableAsSuch)
      // A connection the server ends while it is checked out says so in the query that fails, not as an unhandled error.
      const ignore = () => {}
      client.on('error', ignore)
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        const committed: (() => void)[] = []
        const result = await work({
          query: async (text, params = []) =>
            (await client.query<Record<string, unknown>>(text, toDriver(params))).rows,
          afterCommit: (callback) => committed.push(callback),
        })
        await client.query('COMMIT')
        runCommitted(committed)
        return result
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error))
        else await client.query('ROLLBACK').catch(ignore)
        return unavailableAsSuch(error)
      } finally {
        client.off('error', ignore)
        // A broken connection is discarded, not given back to the pool.
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}

export function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  /** What an embedded database in memory starts from (`openPglite`). */
  pgliteImage?: Blob | undefined
}): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.dataDir, { image: options.pgliteImage })
}
