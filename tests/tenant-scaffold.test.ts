import { DEFAULT_POLICY } from '#schemas/membership-policy.ts'
import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { tenantsSchema } from '#schemas/tenant.ts'
import { readTenantContent } from '#server/features/content/content-files.ts'
import { scaffoldTenant } from '../scripts/tenant-scaffold.ts'

describe('adding a tenant is one step', () => {
  it('writes the host map entry and a content folder whose resolved content is valid', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-config-'))
    cpSync('site-config/tenants.json', path.join(dir, 'tenants.json'))
    cpSync('site-config/tenants/_base', path.join(dir, 'tenants/_base'), { recursive: true })
    scaffoldTenant(dir, { groupKey: 'acme', host: 'acme.localhost', companyName: 'Acme Dental & Co' })
    const config = tenantsSchema.parse(JSON.parse(readFileSync(path.join(dir, 'tenants.json'), 'utf8')))
    expect(config.tenants.at(-1)).toEqual({
      groupKey: 'acme',
      hosts: ['acme.localhost'],
      companyName: 'Acme Dental & Co',
      publicUrl: 'http://acme.localhost:3000',
      // A new tenant renews, retries and refunds by the default policy until its operator sets its own.
      policy: DEFAULT_POLICY,
    })
    const content = parseCmsContent(readTenantContent(path.join(dir, 'tenants'), 'acme'))
    expect(content.base.variables).toMatchObject({ group_key: 'acme', global_title: 'Acme Dental & Co' })
    expect(content.header.variables.header_menu.length).toBeGreaterThan(0)
    expect(readFileSync(path.join(dir, 'tenants/acme/public/logo.svg'), 'utf8')).toContain('Acme Dental &#38; Co')
    expect(() => scaffoldTenant(dir, { groupKey: 'acme', host: 'other.localhost', companyName: 'X' })).toThrow(
      'A tenant acme exists already',
    )
    expect(() => scaffoldTenant(dir, { groupKey: 'Bad Key', host: 'b.localhost', companyName: 'X' })).toThrow()
  })
})
