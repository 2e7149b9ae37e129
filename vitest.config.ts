import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, mergeConfig } from 'vitest/config'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts'
import viteConfig from './vite.config.ts'

/**
 * The unit test files, and those of them that need a module registry of their own: a file that
 * asks for another environment (jsdom: React renders, a DOM left from another file) or mocks a
 * module (`vi.mock`: the modules another file imported first would keep the real one).
 */
function unitTestFiles(): { shared: string[]; isolated: string[] } {
  // The folders TypeScript checks (tsconfig.json's include, its globs aside).
  const { config } = ts.readConfigFile(path.join(import.meta.dirname, 'tsconfig.json'), (file) =>
    ts.sys.readFile(file),
  ) as {
    config: { include: string[] }
  }
  const roots = config.include.filter((entry) => !entry.includes('*') && !entry.includes('.'))
  const files = roots
    .flatMap((root) =>
      readdirSync(path.join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' }).map(
        (file) => `${root}/${file}`,
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/e2e/'))
  const needsIsolation = (file: string) =>
    /@vitest-environment|\bvi\.mock\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8'))
  return { shared: files.filter((file) => !needsIsolation(file)), isolated: files.filter(needsIsolation) }
}
const unitFiles = unitTestFiles()

/** What both unit projects run with. */
const UNIT = {
  environment: 'node',
  // PGlite starts in seconds on a loaded machine (two cores shared with a build): hooks wait for it.
  hookTimeout: 30_000,
  // And a test's first queries run before its database's WebAssembly is warm, and its first
  // content save compiles the site's schema: Vitest's 5 s was passed on such a machine
  // (server/features/content/db-content-service.test.ts, server/features/staff/staff-access.test.ts, at HEAD too).
  testTimeout: 30_000,
  // Vitest keeps a core free by default (one worker on two cores); the test files wait on
  // PostgreSQL and PGlite as much as they compute, and two at once took the suite from
  // 688 s to 352 s on CI's two cores. Each server test has a database of its own.
  maxWorkers: 2,
  // The databases the test servers start from, made once (and kept): each server a copy.
  globalSetup: ['server/test-databases.setup.ts'],
  // Counts the assertions for npm test's summary (only when it asks).
  setupFiles: ['tests/assertion-count.ts'],
} as const

/**
 * Three test projects: `unit` and `unit-isolated` (Node, or jsdom where a file asks), and
 * `storybook`, which runs every story as a test, with its accessibility checks, in Debian's Chromium.
 */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      projects: [
        {
          extends: true,
          test: {
            ...UNIT,
            name: 'unit',
            include: unitFiles.shared,
            // The files share each worker's modules: each imported the whole server again (the run's
            // imports took 197 of its 426 s). Their state is per server (its deps), not per module.
            isolate: false,
          },
        },
        { extends: true, test: { ...UNIT, name: 'unit-isolated', include: unitFiles.isolated } },
        {
          extends: true,
          plugins: [storybookTest({ configDir: path.join(import.meta.dirname, 'playground/storybook') })],
          test: {
            name: 'storybook',
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({
                launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
              }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
)
