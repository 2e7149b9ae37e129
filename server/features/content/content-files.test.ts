import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTenantBase, readTenantContent, readTenantDraft } from './content-files.ts'

function folder(files: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tenants-'))
  for (const [name, value] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), JSON.stringify(value))
  }
  return dir
}

describe('tenant content files', () => {
  it('resolves the $extends chain, and the draft over the content', () => {
    const dir = folder({
      '_base/content.json': { a: 1, nested: { x: 1, y: 1 } },
      'regional/content.json': { $extends: '_base', nested: { y: 2 } },
      'brand/content.json': { $extends: 'regional', b: 2 },
      'brand/working.json': { b: 3 },
    })
    expect(readTenantContent(dir, 'brand')).toEqual({ a: 1, nested: { x: 1, y: 2 }, b: 2 })
    expect(readTenantDraft(dir, 'brand')).toEqual({ a: 1, nested: { x: 1, y: 2 }, b: 3 })
    expect(readTenantBase(dir, 'brand')).toEqual({ a: 1, nested: { x: 1, y: 2 } })
    expect(readTenantBase(dir, '_base')).toBeUndefined()
    expect(readTenantContent(dir, 'nobody')).toBeUndefined()
  })

  it('names a missing base and a loop', () => {
    const dir = folder({
      'a/content.json': { $extends: 'b' },
      'b/content.json': { $extends: 'a' },
      'c/content.json': { $extends: 'gone' },
    })
    expect(() => readTenantContent(dir, 'a')).toThrow('Content inheritance loops: a → b → a')
    expect(() => readTenantContent(dir, 'c')).toThrow('extends "gone", which has no content.json')
  })
})
