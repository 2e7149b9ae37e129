import path from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, mergeConfig } from 'vitest/config'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts'
import viteConfig from './vite.config.ts'

/**
 * Two test projects: `unit` (Node, or jsdom where a file asks) and `storybook`, which runs every
 * story as a test, with its accessibility checks, in Debian's Chromium.
 */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['**/*.test.{ts,tsx}'],
            exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**'],
            environment: 'node',
            // PGlite starts in seconds on a loaded machine (two cores shared with a build): hooks wait for it.
            hookTimeout: 30_000,
            // And a test's first queries run before its database's WebAssembly is warm, and its first
            // content save compiles the site's schema: Vitest's 5 s was passed on such a machine
            // (server/content/db-content-service.test.ts, server/api/staff-access.test.ts, at HEAD too).
            testTimeout: 30_000,
            // Vitest keeps a core free by default (one worker on two cores); the test files wait on
            // PostgreSQL and PGlite as much as they compute, and two at once took the suite from
            // 688 s to 352 s on CI's two cores. Each server test has a database of its own.
            maxWorkers: 2,
            // The databases the test servers start from, made once (and kept): each server a copy.
            globalSetup: ['server/test-databases.setup.ts'],
            // Counts the assertions for npm test's summary (only when it asks).
            setupFiles: ['tests/assertion-count.ts'],
          },
        },
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
