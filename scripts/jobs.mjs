// `npm run jobs [-- --now <ISO time>]`: the memberships' jobs (server/jobs-cli.ts) as built with
// the server, in a process with the jobs' node settings. Builds first when there is no build yet or
// the sources changed since it was made, as `npm start` does.
import { spawn, spawnSync } from 'node:child_process'
import { JOBS_NODE_ARGS, PRODUCTION_ENV } from './node-settings.mjs'
import { buildNeeded } from './source-stamp.mjs'

const reason = buildNeeded()
if (reason) {
  console.log(reason)
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const jobs = spawn(process.execPath, [...JOBS_NODE_ARGS, 'dist/server/jobs.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...PRODUCTION_ENV, ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => jobs.kill(signal))
jobs.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
