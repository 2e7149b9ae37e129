// `npm start`: builds the site when there is no build yet or the sources changed since it was
// made (a stamp of the source tree in dist/), then serves it.
import { spawn, spawnSync } from 'node:child_process'
import { PRODUCTION_ENV, SERVER_NODE_ARGS } from './node-settings.mjs'
import { buildNeeded } from './source-stamp.mjs'

const reason = buildNeeded()
if (reason) {
  console.log(reason)
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// The server runs in a process of its own, so that what only a process's start can set is set
// (scripts/node-settings.mjs; without them the server is 20 to 60 MiB larger under load).
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { ...PRODUCTION_ENV, ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
