import { CMS_SCHEMA_VERSION } from './cms.ts'

type Json = Record<string, unknown>

/**
 * A migration turns content of version `from` into content of version `from + 1`.
 * Migrations are pure functions on plain JSON: they never see parsed content, so an
 * old payload is brought forward first and then parsed by the current schema.
 */
export interface CmsMigration {
  from: number
  description: string
  migrate: (content: Json) => Json
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const variablesOf = (content: Json, part: string): Json => {
  const section = content[part]
  return isRecord(section) && isRecord(section.variables) ? section.variables : {}
}

export const cmsMigrations: readonly CmsMigration[] = [
  {
    from: 1,
    description:
      'Version 1 named the layout in base.variables (header_layout, footer_layout) and had no theme; version 2 has a layout part and a theme.',
    migrate(content) {
      const { header_layout, footer_layout, brand_color, ...base } = variablesOf(content, 'base')
      return {
        ...content,
        schema_version: 2,
        base: { variables: base },
        layout: { header: header_layout ?? '1_header', footer: footer_layout ?? '1_footer' },
        theme: { primary: brand_color ?? '#0e7490', secondary: '#164e63' },
      }
    },
  },
]

/**
 * Brings raw content forward to the current schema version. Content without a version is
 * version 1; content newer than this code, or with a gap in the migration chain, is an error.
 */
export function migrateCmsContent(raw: unknown, migrations: readonly CmsMigration[] = cmsMigrations): unknown {
  if (!isRecord(raw)) return raw
  let content = raw
  let version = typeof content.schema_version === 'number' ? content.schema_version : 1
  if (version > CMS_SCHEMA_VERSION) {
    throw new Error(`Content schema version ${version} is newer than this site understands (${CMS_SCHEMA_VERSION})`)
  }
  while (version < CMS_SCHEMA_VERSION) {
    const step = migrations.find((migration) => migration.from === version)
    if (!step) throw new Error(`No content migration registered from schema version ${version}`)
    content = step.migrate(content)
    version += 1
  }
  return content
}
