// `npm test`: every check, fastest first, stopping at the first failure.
import { spawnSync } from 'node:child_process'

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['formatted (Prettier)', ['run', 'format:check']],
  ['no import cycles (madge; type-only and lazy imports aside)', ['run', 'cycles']],
  ['generated schemas are current', ['run', 'schemas:check']],
  ['unit tests', ['run', 'test:unit']],
  ['stories (Storybook, in Chromium)', ['run', 'test:stories']],
  ['build', ['run', 'build']],
  ['end-to-end tests', ['run', 'test:e2e']],
]

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const result = spawnSync('npm', args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  })
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
console.log('\nAll checks passed.')
