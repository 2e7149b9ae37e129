import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

/** A tool from the sources, as `npm run` starts it, on the embedded database in `dataDir`. */
async function runTool(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }
  delete env.DATABASE_URL
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

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
      const result = await runTool(script, args, dataDir)
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
