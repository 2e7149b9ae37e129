// The stamp of the sources a build is made from: `npm run build` writes it into dist/, and
// `npm start` builds again when the sources no longer match it (after a `git pull`, say).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the build reads: these folders and files (tests, stories and docs do not change the build). */
export const SOURCES = [
  'engine',
  'blocks',
  'schemas',
  'site-config',
  'server',
  'playground',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.tools.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]
const SKIPPED = /(^|\/)(node_modules|dist)(\/|$)|\.(test|stories)\.tsx?$|\.test-d\.ts$|\.md$/
export const STAMP_FILE = 'dist/.source-stamp'

function files(root, entry) {
  const full = path.join(root, entry)
  if (!existsSync(full) || SKIPPED.test(entry)) return []
  if (!statSync(full).isDirectory()) return [entry]
  return readdirSync(full).flatMap((name) => files(root, `${entry}/${name}`))
}

/** A hash of every source file's path and content, in a stable order. */
export function sourceStamp(root = process.cwd()) {
  const hash = createHash('sha256')
  for (const file of SOURCES.flatMap((entry) => files(root, entry)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** Why the build must be made (again), or undefined when dist/ matches the sources. */
export function buildNeeded(root = process.cwd()) {
  if (
    !existsSync(path.join(root, 'dist/server/main.js')) ||
    !existsSync(path.join(root, 'dist/client/.vite/manifest.json'))
  )
    return 'No build found: building first (npm run build)'
  const stamp = path.join(root, STAMP_FILE)
  if (!existsSync(stamp))
    return 'The build has no source stamp (made before stamps existed): building again (npm run build)'
  if (readFileSync(stamp, 'utf8').trim() !== sourceStamp(root))
    return 'The sources changed since the last build: building again (npm run build)'
  return undefined
}

// `node scripts/source-stamp.mjs --write`: the last step of `npm run build`.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  writeFileSync(STAMP_FILE, `${sourceStamp()}\n`)
}
