import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildNeeded as needed, sourceStamp as stampOf, STAMP_FILE } from '../scripts/source-stamp.mjs'

describe('npm start builds when the build does not match the sources', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  const tree = () => {
    root = mkdtempSync(path.join(tmpdir(), 'stamp-'))
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), text)
    }
    write('engine/routes.tsx', 'export const a = 1')
    write('blocks/page/page.tsx', 'export const b = 1')
    write('blocks/page/page.stories.tsx', 'export const story = 1')
    write('package.json', '{}')
    return write
  }

  it('builds when there is no build, then serves a build whose stamp matches; a changed source builds again, a changed story does not', () => {
    const write = tree()
    expect(needed(root)).toBe('No build found: building first (npm run build)')
    write('dist/server/main.js', '')
    write('dist/client/.vite/manifest.json', '{}')
    expect(needed(root)).toBe(
      'The build has no source stamp (made before stamps existed): building again (npm run build)',
    )
    write(STAMP_FILE, `${stampOf(root)}\n`)
    expect(needed(root)).toBeUndefined()
    write('blocks/page/page.stories.tsx', 'export const story = 2')
    expect(needed(root)).toBeUndefined()
    write('engine/routes.tsx', 'export const a = 2')
    expect(needed(root)).toBe('The sources changed since the last build: building again (npm run build)')
  })
})
