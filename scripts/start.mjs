// `npm start`: builds the site when there is no build yet or the sources changed since it was
// made (a stamp of the source tree in dist/), then serves it.
import { spawnSync } from 'node:child_process'
import { buildNeeded } from './source-stamp.mjs'

const reason = buildNeeded()
if (reason) {
  console.log(reason)
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// React and the router pick their production builds from NODE_ENV when they are first imported.
process.env.NODE_ENV ??= 'production'
await import('../dist/server/main.js')
