// A new embedded-database folder as a copy of one PGlite initdb made once (kept in .e2e-data for
// the next runs): the server then migrates and seeds it as any new folder. initdb in a folder took
// 9 of the 13.5 s a server took to answer. The first caller makes it; the others wait for it, or
// leave the folder empty (the server then runs initdb itself) after two minutes.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * Fills `target` (absent or empty) with a copy of the initdb.
 * @param {string} target
 */
export async function fromInitdbCopy(target) {
  const pglite = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version
  const store = path.join(ROOT, '.e2e-data')
  const template = path.join(store, `.initdb-pglite-${pglite}`)
  mkdirSync(store, { recursive: true })
  for (const started = Date.now(); !existsSync(template); await sleep(250)) {
    if (Date.now() - started > 120_000) return // the server runs initdb itself
    try {
      mkdirSync(`${template}.lock`)
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      // A lock left by a run stopped while it made the folder (initdb takes seconds, not minutes).
      if (Date.now() - statSync(`${template}.lock`, { throwIfNoEntry: false })?.mtimeMs > 90_000)
        rmSync(`${template}.lock`, { recursive: true, force: true })
      continue
    }
    try {
      const partial = `${template}.${process.pid}`
      rmSync(partial, { recursive: true, force: true })
      initdb(partial)
      renameSync(partial, template)
    } finally {
      rmSync(`${template}.lock`, { recursive: true, force: true })
    }
  }
  cpSync(template, target, { recursive: true })
}

/**
 * initdb as server/platform/db/database.ts runs it (in a child process: it peaks at about 700 MB), with its
 * settings (initDbStartParams): the server gives its start settings at every start.
 */
function initdb(folder) {
  const settings = ['-c', 'shared_buffers=16MB']
  const script = `const { PGlite } = await import('@electric-sql/pglite')
const settings = ${JSON.stringify(settings)}
const db = new PGlite({ dataDir: ${JSON.stringify(folder)}, initDbStartParams: settings, startParams: [...PGlite.defaultStartParams, ...settings] })
await db.waitReady
await db.close()`
  execFileSync(process.execPath, ['--input-type=module', '--eval', script], { stdio: 'inherit', cwd: ROOT })
}
