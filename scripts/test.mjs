// `npm test`: every check, fastest first, stopping at the first failure; `npm run test:quick`
// (`--quick`): types, lint and the unit tests, the inner loop. At its end, where the time went: each
// step, the slowest unit test files and end-to-end specs, and how many tests (and assertions) ran.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const quick = process.argv.includes('--quick')
const reports = mkdtempSync(path.join(tmpdir(), 'npm-test-'))
const report = (name) => path.join(reports, name)
const env = {
  ...process.env,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  // Read by the unit tests' setup file (tests/assertion-count.ts): each file adds its assertions.
  ASSERTION_COUNT_FILE: report('assertions.txt'),
  PLAYWRIGHT_JSON_OUTPUT_FILE: report('e2e.json'),
}
const vitestJson = (file) => ['--', '--reporter=default', '--reporter=json', `--outputFile=${report(file)}`]

// A group's commands run at once (they are independent: none writes what another reads).
const all = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
    ['formatted (Prettier)', ['run', 'format:check']],
  ],
  [['no import cycles (madge; type-only and lazy imports aside)', ['run', 'cycles']]],
  [['generated schemas are current', ['run', 'schemas:check']]],
  [['unit tests', ['run', 'test:unit', ...vitestJson('unit.json')]]],
  [['stories (Storybook, in Chromium)', ['run', 'test:stories', ...vitestJson('stories.json')]]],
  [['build', ['run', 'build']]],
  [['end-to-end tests', ['run', 'test:e2e', '--', '--reporter=list,json']]],
]
const QUICK = new Set(['typecheck', 'lint', 'unit tests'])
const groups = quick
  ? all.map((group) => group.filter(([name]) => QUICK.has(name))).filter((group) => group.length)
  : all

/** Seconds each step took, in the order they ended. */
const took = []
const children = new Set()
/** Steps ended by this script because a neighbour failed: not failures of their own. */
const stopped = new Set()
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** Runs one step; alone, its output goes straight through, else it is printed once the step ends. */
function run([name, args], alone) {
  const started = Date.now()
  if (alone) console.log(`\n▶ ${name}`)
  return new Promise((resolve) => {
    // A process group of its own, so that a failing neighbour can end it with all it started.
    const child = spawn('npm', args, {
      env: alone ? env : { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: !alone,
    })
    children.add(child)
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      children.delete(child)
      const ms = Date.now() - started
      if (stopped.has(child)) return resolve({ name, ok: false, stopped: true })
      if (!alone) process.stdout.write(`\n▶ ${name}\n${output}`)
      took.push([name, ms])
      console.log(code === 0 ? `✔ ${name} (${seconds(ms)})` : `\n✖ ${name} failed (${seconds(ms)})`)
      resolve({ name, ok: code === 0, code })
    })
  })
}

let failed
for (const group of groups) {
  const results = await Promise.all(
    group.map((step) =>
      run(step, group.length === 1).then((result) => {
        // The first failure stops its neighbours: nothing after it will run anyway.
        if (!result.ok && !result.stopped)
          for (const child of children) {
            stopped.add(child)
            if (child.pid) process.kill(-child.pid, 'SIGTERM')
          }
        return result
      }),
    ),
  )
  failed = results.find((result) => !result.ok && !result.stopped)
  if (failed) break
}

summary()
rmSync(reports, { recursive: true, force: true })
if (failed) {
  console.error(`\n✖ ${failed.name} failed`)
  process.exit(failed.code ?? 1)
}
console.log('\nAll checks passed.')

function summary() {
  console.log('\nWhere the time went')
  for (const [name, ms] of took) console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
  vitestSummary('unit tests', 'unit.json')
  vitestSummary('stories', 'stories.json')
  playwrightSummary()
}

function readJson(file) {
  if (!existsSync(report(file))) return undefined
  try {
    return JSON.parse(readFileSync(report(file), 'utf8'))
  } catch {
    return undefined
  }
}

function slowest(rows, count = 15) {
  for (const [ms, name] of rows.sort((a, b) => b[0] - a[0]).slice(0, count))
    console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
}

function vitestSummary(title, file) {
  const result = readJson(file)
  if (!result) return
  const assertions = title === 'unit tests' ? assertionCount() : undefined
  console.log(
    `\n${title}: ${result.numTotalTests} tests in ${result.testResults.length} files (${result.numPassedTests} passed, ` +
      `${result.numFailedTests} failed, ${result.numPendingTests + result.numTodoTests} skipped)` +
      (assertions === undefined ? '' : `, ${assertions} assertions`),
  )
  if (title !== 'unit tests') return
  console.log('slowest files (from the start of their first test to the end of their last; imports aside):')
  slowest(
    result.testResults.map((entry) => [entry.endTime - entry.startTime, path.relative(process.cwd(), entry.name)]),
  )
}

function assertionCount() {
  if (!existsSync(report('assertions.txt'))) return undefined
  return readFileSync(report('assertions.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line), 0)
}

function playwrightSummary() {
  const result = readJson('e2e.json')
  if (!result) return
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = result.stats ?? {}
  console.log(
    `\nend-to-end tests: ${expected + unexpected + flaky + skipped} tests (${expected} passed, ${flaky} flaky, ` +
      `${unexpected} failed, ${skipped} skipped)`,
  )
  // A spec's time: the sum of its tests' runs (retries included), over both workers.
  const bySpec = new Map()
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const attempt of test.results)
          bySpec.set(spec.file, (bySpec.get(spec.file) ?? 0) + (attempt.duration ?? 0))
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of result.suites ?? []) visit(suite)
  console.log('slowest specs (the sum of their tests’ times, across the workers):')
  slowest([...bySpec].map(([spec, ms]) => [ms, spec]))
}
