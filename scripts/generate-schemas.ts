// Writes the JSON Schemas generated from the zod schemas to schemas/generated/, the browser's
// references to the API contracts to schemas/api/*.routes.ts (beside the contracts), and the icon sprite
// (public/assets/icons-{hash}.svg, named by engine/ui/icon-sprite.ts).
// With --check, writes nothing and fails when a checked-in file differs (stale).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { allJsonSchemas } from './all-json-schemas.ts'
import { API_ROUTES_DIR, API_ROUTES_NAME, apiRoutesFiles } from './api-routes.ts'
import { ICON_SPRITE_DIR, ICON_SPRITE_NAME, iconSpriteFiles } from './icon-sprite.ts'

const check = process.argv.includes('--check')
let stale = 0
const outputs: [string, string][] = [
  ...Object.entries(await allJsonSchemas()).map(([name, schema]): [string, string] => [
    `schemas/generated/${name}`,
    `${JSON.stringify(schema, null, 2)}\n`,
  ]),
  ...(await apiRoutesFiles()),
  ...iconSpriteFiles(),
]
for (const [name, text] of outputs) {
  const file = path.resolve(name)
  let current = ''
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    // Missing: stale.
  }
  if (current === text) continue
  if (check) {
    console.error(`${name} is stale: run npm run schemas:generate`)
    stale += 1
  } else {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    console.log(`wrote ${name}`)
  }
}
// What the generator wrote before that it no longer writes (an earlier icon set, a removed module of contracts).
for (const [dir, pattern] of [
  [ICON_SPRITE_DIR, ICON_SPRITE_NAME],
  [API_ROUTES_DIR, API_ROUTES_NAME],
] as const) {
  mkdirSync(dir, { recursive: true })
  for (const name of readdirSync(dir).filter(
    (name) => pattern.test(name) && !outputs.some(([output]) => output === `${dir}/${name}`),
  )) {
    if (check) {
      console.error(`${dir}/${name} is stale: run npm run schemas:generate`)
      stale += 1
    } else {
      rmSync(path.join(dir, name))
      console.log(`removed ${dir}/${name}`)
    }
  }
}
process.exit(stale ? 1 : 0)
