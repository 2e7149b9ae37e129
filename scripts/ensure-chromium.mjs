// Installs Debian's Chromium for the stories and end-to-end tests when it is missing (CI machines
// start without it): the browser (chromium) and its headless shell (chromium-headless-shell, which
// the end-to-end tests drive when it is there: tests/chromium.ts). Playwright never downloads a
// browser here: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (process.env.CHROMIUM_PATH) {
  if (existsSync(process.env.CHROMIUM_PATH)) process.exit(0)
  console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which is missing.`)
  process.exit(1)
}
const packages = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
]
  .filter(([path]) => !existsSync(path))
  .map(([, name]) => name)
if (packages.length === 0) process.exit(0)

console.log(`Installing Debian's ${packages.join(' and ')}`)
const sudo = process.getuid?.() === 0 ? '' : 'sudo '
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
    { stdio: 'inherit' },
  )
} catch {
  if (existsSync('/usr/bin/chromium')) {
    console.warn('Could not install chromium-headless-shell: the tests drive the full browser instead.')
    process.exit(0)
  }
  console.error(
    `Could not install ${packages.join(' and ')}. Install them with: apt-get install -y ${packages.join(' ')} (or set CHROMIUM_PATH).`,
  )
  process.exit(1)
}
