// Writes the JSON Schemas generated from the zod schemas to schemas/generated/, and the contracts'
// methods and paths to schemas/api/routes.generated.ts.
// With --check, writes nothing and fails when a checked-in file differs (stale).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { allJsonSchemas } from './all-json-schemas.ts'
import { API_ROUTES_FILE, apiRoutesSource } from './api-routes.ts'

const check = process.argv.includes('--check')
let stale = 0
const outputs: [string, string][] = [
  ...Object.entries(await allJsonSchemas()).map(([name, schema]): [string, string] => [`schemas/generated/${name}`, `${JSON.stringify(schema, null, 2)}\n`]),
  [API_ROUTES_FILE, await apiRoutesSource()],
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
    writeFileSync(file, text)
    console.log(`wrote ${name}`)
  }
}
process.exit(stale ? 1 : 0)
