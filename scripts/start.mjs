// `npm start`: builds the site when there is no build yet, then serves it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/.vite/manifest.json')) {
  console.log('No build found: building first (npm run build)')
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// React and the router pick their production builds from NODE_ENV when they are first imported.
process.env.NODE_ENV ??= 'production'
await import('../dist/server/main.js')
