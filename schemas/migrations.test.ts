import { describe, expect, it } from 'vitest'
import { CMS_SCHEMA_VERSION } from './cms.ts'
import { cmsMigrations, migrateCmsContent } from './migrations.ts'
import { parseCmsContent } from './parse-cms.ts'

/** Content as version 1 stored it: the layout inside base.variables, no theme. */
const version1 = {
  base: {
    variables: {
      group_key: 'legacy',
      global_title: 'Legacy Dental',
      header_layout: '3_header',
      footer_layout: '2_footer',
      brand_color: '#aa0000',
    },
  },
  header: { variables: { header_menu: [{ title: 'FAQ', link: '/faq' }] } },
  footer: { variables: {} },
}

describe('content migrations', () => {
  it('brings version 1 content forward, and it then parses', () => {
    const content = parseCmsContent(version1)
    expect(content.schema_version).toBe(CMS_SCHEMA_VERSION)
    expect(content.layout).toMatchObject({ header: '3_header', footer: '2_footer' })
    expect(content.theme.primary).toBe('#aa0000')
    expect(content.base.variables).not.toHaveProperty('header_layout')
    expect(content.header.variables.header_menu).toHaveLength(1)
  })

  it('leaves current content as it is', () => {
    const current = { schema_version: CMS_SCHEMA_VERSION, base: {} }
    expect(migrateCmsContent(current)).toBe(current)
  })

  it('refuses content newer than the code', () => {
    expect(() => migrateCmsContent({ schema_version: CMS_SCHEMA_VERSION + 1 })).toThrow(
      `Content schema version ${CMS_SCHEMA_VERSION + 1} is newer than this site understands (${CMS_SCHEMA_VERSION})`,
    )
  })

  it('names the version a migration is missing from', () => {
    expect(() => migrateCmsContent({ schema_version: 1 }, [])).toThrow(
      'No content migration registered from schema version 1',
    )
  })

  it('has one migration for each version below the current one', () => {
    expect(cmsMigrations.map((migration) => migration.from)).toEqual(
      Array.from({ length: CMS_SCHEMA_VERSION - 1 }, (_, index) => index + 1),
    )
  })
})
