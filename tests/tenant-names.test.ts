import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tenants } from '#site-config/tenants.ts'

/** Hosts every tenant may share (the local machine), which name no tenant. */
const GENERIC_HOSTS = new Set(['localhost', '127.0.0.1'])

describe('white-label: the tenants are configuration alone', () => {
  it('no file outside site-config/ names a tenant (its key, host or company), documentation aside', () => {
    const names = tenants.tenants.flatMap((tenant) => [
      tenant.groupKey,
      tenant.companyName,
      ...tenant.hosts.filter((host) => !GENERIC_HOSTS.has(host)),
    ])
    const pattern = new RegExp(
      `\\b(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
      'i',
    )
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      // Data from elsewhere aside: the test corpus, and the list of common passwords (common words there match a tenant's key).
      .filter(
        (file) =>
          !file.startsWith('site-config/') &&
          !file.startsWith('tests/corpus/') &&
          !file.endsWith('.md') &&
          file !== 'package-lock.json' &&
          file !== 'server/platform/auth/common-passwords.txt',
      )
    expect(files.length).toBeGreaterThan(50)
    const naming = files.filter((file) => {
      try {
        return pattern.test(readFileSync(file, 'utf8'))
      } catch {
        return false
      }
    })
    expect(naming).toEqual([])
  })
})
