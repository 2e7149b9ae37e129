import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { JOBS_NODE_ARGS, SERVER_NODE_ARGS } from './node-settings.mjs'

/** The threads a node process started with `args` runs (Linux: /proc/self/task). */
const threads = (args: readonly string[]) =>
  Number(
    execFileSync(
      process.execPath,
      [...args, '-e', 'console.log(require("fs").readdirSync("/proc/self/task").length)'],
      {
        encoding: 'utf8',
      },
    ).trim(),
  )

describe('the node settings of the server and the jobs worker', () => {
  // Each V8 helper thread optimises the embedded database's WebAssembly on its own, with up to
  // 25 MiB of compiler memory each: four at once put the jobs worker over its 300 MiB (bench/renewals.ts).
  it.each([
    ['the server (npm start)', SERVER_NODE_ARGS],
    ['the jobs worker (npm run jobs)', JOBS_NODE_ARGS],
  ])(
    '%s runs fewer V8 helper threads than node by default, so one database compile at a time holds memory',
    (_, args) => {
      const plain = threads([])
      const settled = threads(args)
      expect(settled).toBeLessThan(plain)
      expect(settled).toBe(threads(['--v8-pool-size=1']))
    },
  )

  // A large request body (a grievance's files) is collected once answered (server/platform/http/body-limit.ts).
  it.each([
    ['the server (npm start)', SERVER_NODE_ARGS],
    ['the jobs worker (npm run jobs)', JOBS_NODE_ARGS],
  ])('%s can run a full collection when it asks for one', (_, args) => {
    expect(execFileSync(process.execPath, [...args, '-p', 'typeof gc'], { encoding: 'utf8' }).trim()).toBe('function')
  })
})
