// `npm start`: builds the site when there is no build yet or the sources changed since it was
// made (a stamp of the source tree in dist/), then serves it.
import { spawn, spawnSync } from 'node:child_process'
import { buildNeeded } from './source-stamp.mjs'

const reason = buildNeeded()
if (reason) {
  console.log(reason)
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// The server runs in a process of its own, so that what only a process's start can set is set
// (bench/server-memory.ts measures it; without them the server is 20 to 60 MiB larger under load):
// - a small young generation (8 MiB semi-spaces): short-lived request garbage is collected early;
// - glibc returns freed blocks of 128 KiB and more to the system at once (mmap threshold).
// React and the router pick their production builds from NODE_ENV when they are first imported.
const server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
