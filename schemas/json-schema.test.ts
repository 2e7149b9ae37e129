import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cmsContentSchema } from './cms.ts'
import { fullContent, minimalContent } from './cms.fixtures.ts'
import { generateJsonSchemas } from './json-schema.ts'
import { migrateCmsContent } from './migrations.ts'
import { readTenantContent, readTenantDraft } from '#server/features/content/content-files.ts'
import { tenants } from '#site-config/tenants.ts'

const generated = generateJsonSchemas()
const ajv = new Ajv2020({ allErrors: true, strict: false })
const ajvAccepts = ajv.compile(generated['cms-content.schema.json']!)
const zodAccepts = (value: unknown) => cmsContentSchema.safeParse(value).success

describe('generated JSON Schema', () => {
  it.each(Object.keys(generated))('schemas/generated/%s is current (run npm run schemas:generate)', (name) => {
    const file = readFileSync(path.join(import.meta.dirname, 'generated', name), 'utf8')
    expect(JSON.parse(file)).toEqual(generated[name])
  })

  it('is not the empty schema that accepts everything', () => {
    expect(ajvAccepts({})).toBe(false)
    expect(ajvAccepts('content')).toBe(false)
    expect(ajvAccepts({ ...minimalContent, layout: { header: 'x', footer: '1_footer' } })).toBe(false)
  })

  const fixtures: [string, unknown, boolean][] = [
    ['minimal content', minimalContent, true],
    ['full content', fullContent, true],
    ['each demo tenant', null, true],
    ['a missing layout', { ...minimalContent, layout: undefined }, false],
    ['an unknown footer', { ...minimalContent, layout: { header: '1_header', footer: '9_footer' } }, false],
    [
      'a menu item without a title',
      { ...minimalContent, header: { variables: { header_menu: [{ link: '/x' }] } } },
      false,
    ],
    [
      'a blank title',
      { ...minimalContent, header: { variables: { header_menu: [{ title: ' ', link: '/x' }] } } },
      false,
    ],
    [
      'a phone link that is not tel:',
      { ...minimalContent, header: { variables: { header_phone_link: '555' } } },
      false,
    ],
    [
      'a javascript: link',
      { ...minimalContent, footer: { variables: { footer_nav: [{ title: 'x', link: 'javascript:1' }] } } },
      false,
    ],
    ['a boolean given as an object', { ...minimalContent, header: { variables: { hide_top_header: {} } } }, false],
    ['a list given as text', { ...minimalContent, header: { variables: { header_menu: 'FAQ' } } }, false],
    ['a wrong schema version', { ...minimalContent, schema_version: 1 }, false],
    ['a bad colour', { ...minimalContent, theme: { primary: '#12345', secondary: '#000000' } }, false],
    ['a bad landing slug', { ...minimalContent, landing_pages: [{ slug: 'Bad Slug', title: 'x' }] }, false],
    ['null variables', { ...minimalContent, header: { variables: null } }, false],
  ]

  it.each(fixtures.filter(([name]) => name !== 'each demo tenant'))(
    'ajv and zod agree on %s',
    (_name, value, valid) => {
      expect(zodAccepts(value)).toBe(valid)
      expect(ajvAccepts(value)).toBe(valid)
    },
  )

  it('ajv and zod accept every tenant’s resolved content and draft (base plus its changes)', () => {
    const dir = path.join(import.meta.dirname, '../site-config/tenants')
    const resolved = tenants.tenants
      .flatMap((tenant) => [
        [tenant.groupKey, readTenantContent(dir, tenant.groupKey)],
        [`${tenant.groupKey} draft`, readTenantDraft(dir, tenant.groupKey)],
      ])
      .filter(([, content]) => content !== undefined)
    expect(resolved.length).toBeGreaterThanOrEqual(tenants.tenants.length)
    for (const [name, content] of resolved) {
      const value = migrateCmsContent(content)
      expect(zodAccepts(value), String(name)).toBe(true)
      expect(ajvAccepts(value), String(name)).toBe(true)
    }
  })

  it('ajv and zod agree on generated payloads, valid and invalid (fast-check)', () => {
    /** Mostly a valid value, sometimes anything: so runs land on both sides of the line. */
    const mostly = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 19 }, { arbitrary: fc.anything({ maxDepth: 1 }), weight: 1 })
    /** A valid value, now and then an invalid one of the same kind, rarely anything at all. */
    const pick = <T>(valid: T[], invalid: T[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...valid), weight: 24 },
        { arbitrary: fc.constantFrom(...invalid), weight: 1 },
        { arbitrary: fc.anything({ maxDepth: 1 }), weight: 1 },
      )
    const text = fc.oneof(fc.string(), fc.constantFrom('', ' ', '/faq', null))
    const flagValue = fc.oneof(fc.boolean(), fc.constantFrom('true', '1', '0', 'yes', null), fc.integer())
    const link = fc.oneof(
      { arbitrary: fc.constantFrom('/faq', '#plans', 'https://x.example', 'mailto:a@b.c', 'tel:123'), weight: 18 },
      { arbitrary: fc.constantFrom('javascript:x', 'faq', '', 'data:text/html,x'), weight: 1 },
      { arbitrary: fc.string(), weight: 1 },
    )
    const item = fc.record(
      { title: pick(['FAQ', 'Find a Dentist', 'Support'], [' ', '']), link: mostly(link), external: flagValue },
      { requiredKeys: ['title', 'link'] },
    )
    const list = mostly(fc.oneof(fc.array(item, { maxLength: 3 }), fc.constant(null)))
    const header = fc.record(
      {
        hide_top_header: flagValue,
        header_phone_number: text,
        header_phone_link: pick(['tel:8005550100', 'tel:+15550100', null], ['tel:12', '8005550100']),
        header_menu: list,
        header_menu_login_dropdown: list,
        header_log: pick(
          ['/logo.svg', 'https://cdn.example/l.png', 'data:image/png;base64,AA'],
          ['data:text/html,x', 'logo.svg', 'javascript:x'],
        ),
        showHeaderBanner: flagValue,
        headerBannerText: text,
      },
      { requiredKeys: [] },
    )
    const payload = fc.record({
      schema_version: mostly(fc.constant(2)),
      base: fc.record({
        variables: fc.record(
          {
            group_key: pick(['demo', 'brand-2', 'demo_3'], ['Bad Key', '-x']),
            global_title: pick(['Demo', 'Brightbite'], [' ', '']),
          },
          { requiredKeys: ['group_key', 'global_title'] },
        ),
      }),
      header: fc.record({ variables: mostly(header) }),
      footer: fc.record({ variables: fc.record({ footer_nav: list, country: text }, { requiredKeys: [] }) }),
      layout: mostly(
        fc.record({
          header: pick(['1_header', '2_header', 'nx_header_1', 'landing_header'], ['9_header']),
          footer: pick(['1_footer', '2_footer', 'nx_footer_1'], ['x']),
        }),
      ),
      theme: fc.record({ primary: pick(['#112233', '#aabbcc'], ['#abc', 'blue']), secondary: fc.constant('#445566') }),
      landing_pages: mostly(
        fc.array(fc.record({ slug: pick(['offer', 'spring-sale', 'x1'], ['Bad', '-x']), title: text }), {
          maxLength: 2,
        }),
      ),
    })
    let valid = 0
    fc.assert(
      fc.property(payload, (value) => {
        const zod = zodAccepts(value)
        if (zod) valid += 1
        return ajvAccepts(value) === zod
      }),
      { numRuns: 2000 },
    )
    // The generator must reach both sides of the line, or the agreement proves little.
    expect(valid).toBeGreaterThan(50)
    expect(valid).toBeLessThan(1950)
  })
})
