// The last steps of `npm run build`: every hashed text asset of the client also as brotli
// (quality 11) and gzip (level 9), so the server sends them compressed without compressing per
// request (server/main.ts serves them by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const DIR = 'dist/client/assets'
const TEXT = /\.(js|mjs|css|svg|json|map|txt|html)$/
let count = 0
for (const name of readdirSync(DIR)) {
  const file = path.join(DIR, name)
  if (!TEXT.test(name) || !statSync(file).isFile()) continue
  const source = readFileSync(file)
  // Tiny files gain nothing from a second request path.
  if (source.length < 512) continue
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  )
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
  count += 1
}
console.log(`Precompressed ${count} assets (brotli and gzip) in ${DIR}`)
