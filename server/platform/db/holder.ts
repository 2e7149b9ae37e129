import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from '#schemas/engine/zod.ts'

/**
 * The embedded database (PGlite) is one process's at a time: two processes writing its folder would
 * break it. The process that opens it says so in a file of the folder, which another process reads
 * before it opens it (`npm run jobs`, which then says who holds it and stops).
 */
const FILE = 'holder.json'
const holderSchema = z.object({
  pid: z.number(),
  role: z.string(),
  since: z.string(),
  /**
   * Whether the holder runs the memberships' jobs (a server with JOBS=off does not), so that
   * `npm run jobs`, refused, says what is true. Absent in a file written before it was kept.
   */
  runsJobs: z.optional(z.boolean()),
})
export type Holder = z.infer<typeof holderSchema>

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live process other than this one that holds the folder's database, if any. */
export function embeddedHolder(dataDir: string): Holder | undefined {
  let holder: Holder
  try {
    holder = holderSchema.parse(JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')))
  } catch {
    return undefined
  }
  return holder.pid !== process.pid && alive(holder.pid) ? holder : undefined
}

/** Marks the folder's database as this process's until `release` (or the process's end). */
export function holdEmbedded(dataDir: string, role: string, runsJobs: boolean): { release: () => void } {
  const file = path.join(dataDir, FILE)
  mkdirSync(dataDir, { recursive: true })
  const holder: Holder = { pid: process.pid, role, since: new Date().toISOString(), runsJobs }
  writeFileSync(file, JSON.stringify(holder))
  const release = () => {
    if (embeddedHolder(dataDir) === undefined) rmSync(file, { force: true })
  }
  process.once('exit', release)
  return { release }
}

/**
 * For a tool that opens the embedded database in `dataDir` (undefined: PostgreSQL, or memory):
 * when another process holds it, one line on stderr says which and what to do (`refusal`: a tool's
 * own words, as `npm run jobs` has), and the tool exits 1 before it opens (or, `npm run seed --
 * --reset`, removes) anything; else the tool holds it until it ends. One check for every tool, so
 * none opens a held database.
 */
export function holdForTool(
  dataDir: string | undefined,
  tool: string,
  options: { runsJobs?: boolean; refusal?: (holder: Holder) => string } = {},
): void {
  if (!dataDir) return
  const holder = embeddedHolder(dataDir)
  if (holder) {
    console.error(
      options.refusal?.(holder) ??
        `The embedded database in ${dataDir} is held by ${holder.role} (pid ${holder.pid}), and only one process may open it: stop it first, or use PostgreSQL (DATABASE_URL).`,
    )
    process.exit(1)
  }
  holdEmbedded(dataDir, tool, options.runsJobs ?? false)
}
