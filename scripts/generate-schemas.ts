// Writes the JSON Schemas generated from the zod schemas to schemas/generated/, the contracts'
// methods and paths to schemas/api/routes.generated.ts, and the icon sprite engine/ui/icons.svg.
// With --check, writes nothing and fails when a checked-in file differs (stale).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { allJsonSchemas } from './all-json-schemas.ts'
import { API_ROUTES_FILE, apiRoutesSource } from './api-routes.ts'
import { ICON_SPRITE_DIR, ICON_SPRITE_NAME, iconSpriteFiles } from './icon-sprite.ts'

const check = process.argv.includes('--check')
let stale = 0
const outputs: [string, string][] = [
  ...Object.entries(await allJsonSchemas()).map(([name, schema]): [string, string] => [`schemas/generated/${name}`, `${JSON.stringify(schema, null, 2)}\n`]),
  [API_ROUTES_FILE, await apiRoutesSource()],
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
// A sprite of an earlier icon set.
mkdirSync(ICON_SPRITE_DIR, { recursive: true })
for (const name of readdirSync(ICON_SPRITE_DIR).filter((name) => ICON_SPRITE_NAME.test(name) && !outputs.some(([output]) => output === `${ICON_SPRITE_DIR}/${name}`))) {
  if (check) {
    console.error(`${ICON_SPRITE_DIR}/${name} is stale: run npm run schemas:generate`)
    stale += 1
  } else {
    rmSync(path.join(ICON_SPRITE_DIR, name))
    console.log(`removed ${ICON_SPRITE_DIR}/${name}`)
  }
}
process.exit(stale ? 1 : 0)
