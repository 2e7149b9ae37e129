// Writes the JSON Schemas generated from the zod schemas to schemas/generated/.
// With --check, writes nothing and fails when a checked-in file differs (stale).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { allJsonSchemas } from './all-json-schemas.ts'

const dir = path.resolve('schemas/generated')
const check = process.argv.includes('--check')
let stale = 0
for (const [name, schema] of Object.entries(await allJsonSchemas())) {
  const file = path.join(dir, name)
  const text = `${JSON.stringify(schema, null, 2)}\n`
  let current = ''
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    // Missing: stale.
  }
  if (current === text) continue
  if (check) {
    console.error(`schemas/generated/${name} is stale: run npm run schemas:generate`)
    stale += 1
  } else {
    writeFileSync(file, text)
    console.log(`wrote schemas/generated/${name}`)
  }
}
process.exit(stale ? 1 : 0)
