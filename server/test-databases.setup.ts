/**
 * Vitest's global setup of the unit tests: the databases the tests start from, made once. A fresh
 * embedded database runs initdb in WebAssembly (2 s alone, 4 to 11 s under the suite's load) and
 * then the migrations; loading a dump of one already made takes half a second to a second. So:
 *
 * - `blank`: PGlite just after initdb, for tests that migrate or build a database themselves;
 * - `migrated`: PGlite with every migration applied, for the test servers (server/test-harness.ts);
 * - with TEST_DATABASE_URL, a migrated PostgreSQL database that each test server's database is
 *   created from (CREATE DATABASE … TEMPLATE), dropped at the end.
 *
 * Every test server still gets a database of its own, a copy; it applies the migrations as a server
 * does at start (none is pending) and seeds the demo data with its own clock and secret.
 *
 * The two dumps are kept in node_modules/.cache/test-databases under a hash of what makes them
 * (PGlite's version, the database and migration code, each migration), so a run after the first
 * (a single file, say) does not wait for them; a fresh clone makes them in a few seconds.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres, pgliteImage } from './platform/db/database.ts'
import { migrate, MIGRATIONS_DIR } from './platform/db/migrate.ts'
import { projectRoot } from './paths.ts'

const CACHE = path.join(projectRoot, 'node_modules/.cache/test-databases')
/** Dumps not used for this long are removed (another branch's migrations, an older PGlite): a use touches its file. */
const UNUSED_MS = 7 * 24 * 3600_000

export default async function setup(project: TestProject) {
  mkdirSync(CACHE, { recursive: true })
  const engine = hashOf([
    'node_modules/@electric-sql/pglite/package.json',
    'server/platform/db/database.ts',
    'server/test-databases.setup.ts',
  ])
  const schema = hashOf([
    'server/platform/db/migrate.ts',
    ...readdirSync(MIGRATIONS_DIR)
      .sort()
      .map((name) => path.relative(projectRoot, path.join(MIGRATIONS_DIR, name))),
  ])
  const blank = await cached(`blank-${engine}.tar`, () => pgliteImage())
  const migrated = await cached(`migrated-${engine}-${schema}.tar`, async () =>
    pgliteImage(
      async (db) => {
        await migrate(db)
      },
      new Blob([readFileSync(blank)]),
    ),
  )
  removeUnused()
  const template = await postgresTemplate()
  project.provide('testDatabases', { blank, migrated, postgresTemplate: template })
  return async () => {
    if (template) await admin((client) => dropTemplate(client, template))
  }
}

function hashOf(files: string[]): string {
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(readFileSync(path.join(projectRoot, file)))
  return hash.digest('hex').slice(0, 16)
}

/** The dump named `name` in the cache, made by `make` when it is not there yet. */
async function cached(name: string, make: () => Promise<Blob>): Promise<string> {
  const file = path.join(CACHE, name)
  if (existsSync(file)) {
    const now = new Date()
    utimesSync(file, now, now)
    return file
  }
  // Written aside and renamed: another run at the same time reads a whole file or none.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, Buffer.from(await (await make()).arrayBuffer()))
  renameSync(partial, file)
  return file
}

function removeUnused() {
  for (const name of readdirSync(CACHE)) {
    const file = path.join(CACHE, name)
    if (Date.now() - statSync(file).mtimeMs > UNUSED_MS) rmSync(file, { force: true })
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const dropTemplate = async (client: pg.Client, name: string) => {
  await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`)
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

/** A migrated database on the test PostgreSQL server, marked as a template; undefined without one. */
async function postgresTemplate(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return undefined
  const name = `template_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(`CREATE DATABASE ${name}`))
  const address = new URL(url)
  address.pathname = `/${name}`
  const db = openPostgres(address.href)
  try {
    await migrate(db)
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await db.close()
  }
  await admin((client) => client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`))
  return name
}
