import { existsSync } from 'node:fs'

/** Debian's Chromium, the browser a person runs: the benchmarks (Lighthouse among them) measure with it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
/**
 * What the tests drive: Debian's headless shell of the same Chromium (package
 * chromium-headless-shell; Playwright's own default for headless runs), when it is installed. A new
 * page costs half of the full browser's there (a context and its page 160 against 350 ms, /faq
 * loaded 410 against 460 ms), and the chrome and checkout specs ran in 2.6 against 2.9 min.
 * `CHROMIUM_PATH` chooses another.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

/** The flags it runs with in this sandbox (no network, no sandboxing as root). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
