import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runSource } from '../tests/run-source.ts'

describe('the tools that open the embedded database, while a server holds it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'held-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it.each([
    ['npm run seed -- --reset', 'scripts/seed.ts', ['--reset']],
    ['npm run mail:outbox', 'scripts/mail-outbox.ts', []],
  ])(
    '%s says in one line who holds it and what to do, exits 1, and opens nothing',
    async (_name, script, args) => {
      // This test's process is the server holding it (alive, as a server's would be).
      const holder = { pid: process.pid, role: 'a server', since: new Date().toISOString(), runsJobs: true }
      writeFileSync(path.join(dataDir, 'holder.json'), JSON.stringify(holder))
      const result = await runSource(script, args, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr.trim().split('\n')).toEqual([
        `The embedded database in ${dataDir} is held by a server (pid ${process.pid}), and only one process may open it: stop it first, or use PostgreSQL (DATABASE_URL).`,
      ])
      // Neither emptied nor opened: the folder has what it had.
      expect(readdirSync(dataDir)).toEqual(['holder.json'])
    },
    60_000,
  )
})
