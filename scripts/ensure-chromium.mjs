// Installs Debian's Chromium for the end-to-end tests when it is missing (CI machines start
// without it). Playwright never downloads a browser here: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (existsSync(chromium)) process.exit(0)

console.log(`${chromium} is missing: installing Debian's chromium package`)
const sudo = process.getuid?.() === 0 ? '' : 'sudo '
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  })
} catch {
  console.error('Could not install chromium. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).')
  process.exit(1)
}
