import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/chromium.ts'
import {
  CAPTCHA_PORT,
  CAPTCHA_SITE_KEY,
  CONTENT_PORT,
  HOSTILE_PORT,
  PAYMENT_FIELDS_PORT,
  PLAYGROUND_PORT,
  PORT,
} from './tests/e2e/ports.ts'

/**
 * End-to-end tests in Debian's Chromium (its headless shell, `/usr/bin/chromium-headless-shell`,
 * installed by `scripts/ensure-chromium.mjs`: tests/chromium.ts) against the real, built server.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry: a test that passes only on its second try is reported as flaky (the summary's
  // "flaky" line), not hidden. Known: the directory's first Filter, under the full suite's load,
  // once took longer than its wait (it loads the search check first; it now may wait 30 s).
  retries: 1,
  reporter: [['list']],
  // Two workers, seven servers and Chromium share CI's two cores: a journey of several page loads
  // takes 30 s there, and a navigation that waits on a lazy chunk and its data, several. These are
  // how long a step may wait, not measures of speed (those are bench/'s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs a quarter of the run's time (chrome and checkout specs: 3.9 min with a
    // trace of every test, 2.9 without); a failing test is run again with one, kept when it fails.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs main',
      url: `http://localhost:${PORT}/builds/latest.json`,
      reuseExistingServer: false,
      // Behind a trusted proxy: a test may come from an address of its own (X-Forwarded-For), so
      // that it can spend a rate limit without refusing the other tests (tests/e2e/abuse.spec.ts).
      env: {
        PORT: String(PORT),
        PAYMENT_FIELDS_PORT: String(PAYMENT_FIELDS_PORT),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
      },
      timeout: 60_000,
    },
    {
      command: 'node scripts/e2e-server.mjs playground',
      url: `http://localhost:${PLAYGROUND_PORT}/builds/latest.json`,
      reuseExistingServer: false,
      // Real-user monitoring on, with the sandbox collector (tests/e2e/monitoring.spec.ts).
      env: {
        PORT: String(PLAYGROUND_PORT),
        PAYMENT_FIELDS_PORT: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RUM_CLIENT_TOKEN: 'e2e-rum-client-token',
      },
      timeout: 60_000,
    },
    {
      command: 'node scripts/e2e-server.mjs captcha',
      url: `http://localhost:${CAPTCHA_PORT}/builds/latest.json`,
      reuseExistingServer: false,
      env: {
        PORT: String(CAPTCHA_PORT),
        PAYMENT_FIELDS_PORT: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ENABLE_RECAPTCHA: 'true',
        RECAPTCHA_SITE_KEY: CAPTCHA_SITE_KEY,
      },
      timeout: 60_000,
    },
    {
      command: 'node scripts/e2e-server.mjs content',
      url: `http://localhost:${CONTENT_PORT}/builds/latest.json`,
      reuseExistingServer: false,
      env: { PORT: String(CONTENT_PORT), PAYMENT_FIELDS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      timeout: 60_000,
    },
    {
      command: 'node scripts/e2e-server.mjs hostile',
      url: `http://localhost:${HOSTILE_PORT}/builds/latest.json`,
      reuseExistingServer: false,
      env: { PORT: String(HOSTILE_PORT), PAYMENT_FIELDS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      timeout: 60_000,
    },
  ],
})
