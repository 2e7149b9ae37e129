// `npm test`: every check, fastest first, stopping at the first failure. The static checks run
// together (each is one process on one core: on CI's two cores, together they take the time of
// the lint alone); the rest one after the other.
import { spawn } from 'node:child_process'

const stages = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
    ['generated schemas are current', ['run', 'schemas:check']],
  ],
  [['unit tests', ['run', 'test:unit']]],
  [['stories (Storybook, in Chromium)', ['run', 'test:stories']]],
  [['build', ['run', 'build']]],
  [['end-to-end tests', ['run', 'test:e2e']]],
]

/** Runs one check; together with others, its output is kept and printed whole when it ends. */
function run([name, args], alone) {
  const started = Date.now()
  const child = spawn('npm', args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } })
  const output = []
  child.stdout?.on('data', (chunk) => output.push(chunk))
  child.stderr?.on('data', (chunk) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(output).toString()}`)
      if (status === 0) console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      else console.error(`\n✖ ${name} failed`)
      resolve(status ?? 1)
    })
  })
}

for (const stage of stages) {
  if (stage.length === 1) console.log(`\n▶ ${stage[0][0]}`)
  const statuses = await Promise.all(stage.map((check) => run(check, stage.length === 1)))
  const failed = statuses.find((status) => status !== 0)
  if (failed !== undefined) process.exit(failed)
}
console.log('\nAll checks passed.')
