import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '#server/platform/db/database.ts'
import { holdEmbedded } from '#server/platform/db/holder.ts'
import { pgliteTestImage } from '#server/platform/db/test-databases.ts'
import { HOLDER_ROLES } from '#server/features/members/index.ts'
import { runSource } from '../tests/run-source.ts'

/** Every file of the folder and a digest of its bytes: any write, removal or addition changes it. */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => statSync(path.join(dir, file)).isFile())
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex'),
      ]),
  )

describe('the tools that open the embedded database, while a server holds it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'held-'))
  let release = () => {}
  beforeAll(async () => {
    // A database in the folder (the run's migrated one), held by this test's process as a server
    // holds it at start (server/main.ts): alive, as a server's would be.
    await (await openPglite(dataDir, { image: pgliteTestImage('migrated') })).close()
    release = holdEmbedded(dataDir, HOLDER_ROLES.server, true).release
  }, 60_000)
  afterAll(() => {
    release()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each([
    ['npm run seed -- --reset', 'scripts/seed.ts', ['--reset']],
    ['npm run seed', 'scripts/seed.ts', []],
    ['npm run mail:outbox', 'scripts/mail-outbox.ts', []],
  ])(
    '%s says in one line who holds it and what to do, exits 1, and leaves the database as it was',
    async (_name, script, args) => {
      const before = contents(dataDir)
      const result = await runSource(script, args, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr.trim().split('\n')).toEqual([
        `The embedded database in ${dataDir} is held by a server (pid ${process.pid}), and only one process may open it: stop it first, or use PostgreSQL (DATABASE_URL).`,
      ])
      expect(contents(dataDir)).toEqual(before)
      expect(Object.keys(before)).toContain('PG_VERSION')
    },
    60_000,
  )
})
