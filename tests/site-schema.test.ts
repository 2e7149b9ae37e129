import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { migrateCmsContent } from '#schemas/migrations.ts'
import { readTenantContent, readTenantDraft } from '#server/features/content/content-files.ts'
import { tenants } from '#site-config/tenants.ts'
import { allJsonSchemas } from '../scripts/all-json-schemas.ts'

const schemas = await allJsonSchemas()
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schemas['site-content.schema.json']!)
const content = migrateCmsContent(readTenantContent('site-config/tenants', tenants.defaultTenant)) as {
  landing_pages: { sections: unknown[] }[]
  layout: Record<string, unknown>
}

describe('the site’s content schema (generic schema plus the registry)', () => {
  it('is checked in and current (npm run schemas:generate)', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(JSON.parse(readFileSync(path.join('schemas/generated', name), 'utf8')), name).toEqual(schema)
    }
  })

  it('accepts every tenant’s resolved content and draft', () => {
    for (const tenant of tenants.tenants) {
      for (const value of [
        readTenantContent('site-config/tenants', tenant.groupKey),
        readTenantDraft('site-config/tenants', tenant.groupKey),
      ]) {
        if (value === undefined) continue
        expect(validate(migrateCmsContent(value)), `${tenant.groupKey}: ${JSON.stringify(validate.errors)}`).toBe(true)
      }
    }
  })

  it('labels the layout keys with their blocks’ titles', () => {
    const header = (
      schemas['site-content.schema.json'] as {
        properties: { layout: { properties: { header: { oneOf: { const: string; title: string }[] } } } }
      }
    ).properties.layout.properties.header
    expect(header.oneOf.map((option) => option.title)).toContain('Classic header (1_header)')
    expect(header.oneOf).toHaveLength(6)
  })

  it('refuses an unknown section block, a section’s invalid settings and an unknown layout key', () => {
    const withSection = (section: unknown) => ({
      ...content,
      landing_pages: [{ ...content.landing_pages[0], sections: [section] }],
    })
    expect(validate(withSection({ block: 'section-hero', props: { headline: 'Hello' } }))).toBe(true)
    expect(validate(withSection({ block: 'section-unknown', props: {} }))).toBe(false)
    expect(validate(withSection({ block: 'section-features', props: { title: 'x', items: [] } }))).toBe(false)
    expect(validate({ ...content, layout: { ...content.layout, header: '9_header' } })).toBe(false)
  })
})
